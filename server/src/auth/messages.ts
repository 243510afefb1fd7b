/** Texts of the mails and SMS of the identity module in the 12 languages of spec §1. */
import type { MessagePurpose } from '../sender';
import type { Language } from '../../../src/core/contract/languages';

/** Subject and body; `{brand}`, `{code}` and `{account}` are filled in. */
type Text = readonly [subject: string, body: string];

const TEXTS: Record<Language, Record<MessagePurpose, Text>> = {
  en: {
    '1': [
      '{brand}: your verification code',
      'Your {brand} sign-up verification code is {code}. It is valid for 10 minutes and can be used once. If you did not request it, you can ignore this message.',
    ],
    '2': [
      '{brand}: password reset code',
      'Your {brand} password reset code is {code}. It is valid for 10 minutes and can be used once. If you did not ask to reset your password, ignore this message: your password stays unchanged.',
    ],
    '4': [
      'Welcome to {brand}',
      'Your {brand} account {account} has been created. You can now sign in. If you did not create this account, please contact our customer service.',
    ],
    '5': [
      '{brand}: two-factor authentication turned off',
      'At your request, and after checking your identity, {brand} turned off two-factor authentication on your account {account} and signed it out everywhere. Sign in with your password and turn two-factor authentication on again with your new authenticator app. If you did not ask for this, contact our customer service at once.',
    ],
  },
  'zh-tw': {
    '1': [
      '{brand}：您的驗證碼',
      '您的 {brand} 註冊驗證碼為 {code}，10 分鐘內有效，僅可使用一次。如非本人操作，請忽略此訊息。',
    ],
    '2': [
      '{brand}：重設密碼驗證碼',
      '您的 {brand} 重設密碼驗證碼為 {code}，10 分鐘內有效，僅可使用一次。如您未要求重設密碼，請忽略此訊息，您的密碼不會變更。',
    ],
    '4': [
      '歡迎加入 {brand}',
      '您的 {brand} 帳戶 {account} 已建立，現在即可登入。如非本人建立此帳戶，請聯絡我們的客服。',
    ],
    '5': [
      '{brand}：雙重驗證已關閉',
      '應您的要求並在核實您的身分後，{brand} 已關閉您帳戶 {account} 的雙重驗證，並在所有裝置上登出。請使用密碼登入，並以新的驗證器應用程式重新開啟雙重驗證。如非您本人要求，請立即聯絡我們的客服。',
    ],
  },
  'zh-cn': {
    '1': [
      '{brand}：您的验证码',
      '您的 {brand} 注册验证码为 {code}，10 分钟内有效，仅可使用一次。如非本人操作，请忽略此消息。',
    ],
    '2': [
      '{brand}：重置密码验证码',
      '您的 {brand} 重置密码验证码为 {code}，10 分钟内有效，仅可使用一次。如您未要求重置密码，请忽略此消息，您的密码不会更改。',
    ],
    '4': [
      '欢迎加入 {brand}',
      '您的 {brand} 账户 {account} 已创建，现在即可登录。如非本人创建此账户，请联系我们的客服。',
    ],
    '5': [
      '{brand}：双重验证已关闭',
      '应您的要求并在核实您的身份后，{brand} 已关闭您账户 {account} 的双重验证，并在所有设备上退出登录。请使用密码登录，并使用新的验证器应用重新开启双重验证。如非您本人要求，请立即联系我们的客服。',
    ],
  },
  ja: {
    '1': [
      '{brand}：認証コード',
      '{brand} の登録用認証コードは {code} です。有効期限は10分間で、1回のみ使用できます。お心当たりがない場合は、このメッセージを無視してください。',
    ],
    '2': [
      '{brand}：パスワード再設定コード',
      '{brand} のパスワード再設定コードは {code} です。有効期限は10分間で、1回のみ使用できます。パスワードの再設定を依頼していない場合は、このメッセージを無視してください。パスワードは変更されません。',
    ],
    '4': [
      '{brand} へようこそ',
      '{brand} のアカウント {account} が作成されました。今すぐログインできます。このアカウントを作成した覚えがない場合は、カスタマーサービスまでご連絡ください。',
    ],
    '5': [
      '{brand}：二要素認証を無効にしました',
      'ご依頼に基づき本人確認を行ったうえで、{brand} はアカウント {account} の二要素認証を無効にし、すべての端末からログアウトしました。パスワードでログインし、新しい認証アプリで二要素認証をもう一度有効にしてください。お心当たりがない場合は、すぐにカスタマーサービスへご連絡ください。',
    ],
  },
  de: {
    '1': [
      '{brand}: Ihr Bestätigungscode',
      'Ihr Bestätigungscode für die Registrierung bei {brand} lautet {code}. Er ist 10 Minuten gültig und kann einmal verwendet werden. Wenn Sie ihn nicht angefordert haben, können Sie diese Nachricht ignorieren.',
    ],
    '2': [
      '{brand}: Code zum Zurücksetzen des Passworts',
      'Ihr Code zum Zurücksetzen des Passworts bei {brand} lautet {code}. Er ist 10 Minuten gültig und kann einmal verwendet werden. Wenn Sie kein neues Passwort angefordert haben, ignorieren Sie diese Nachricht – Ihr Passwort bleibt unverändert.',
    ],
    '4': [
      'Willkommen bei {brand}',
      'Ihr {brand}-Konto {account} wurde erstellt. Sie können sich jetzt anmelden. Wenn Sie dieses Konto nicht erstellt haben, wenden Sie sich bitte an unseren Kundendienst.',
    ],
    '5': [
      '{brand}: Zwei-Faktor-Authentifizierung ausgeschaltet',
      'Auf Ihren Wunsch und nach Prüfung Ihrer Identität hat {brand} die Zwei-Faktor-Authentifizierung für Ihr Konto {account} ausgeschaltet und Sie überall abgemeldet. Melden Sie sich mit Ihrem Passwort an und schalten Sie die Zwei-Faktor-Authentifizierung mit Ihrer neuen Authenticator-App wieder ein. Falls Sie das nicht veranlasst haben, wenden Sie sich sofort an unseren Kundenservice.',
    ],
  },
  fr: {
    '1': [
      '{brand} : votre code de vérification',
      "Votre code de vérification pour l'inscription sur {brand} est {code}. Il est valable 10 minutes et ne peut être utilisé qu'une seule fois. Si vous ne l'avez pas demandé, vous pouvez ignorer ce message.",
    ],
    '2': [
      '{brand} : code de réinitialisation du mot de passe',
      "Votre code de réinitialisation du mot de passe {brand} est {code}. Il est valable 10 minutes et ne peut être utilisé qu'une seule fois. Si vous n'avez pas demandé à réinitialiser votre mot de passe, ignorez ce message : votre mot de passe reste inchangé.",
    ],
    '4': [
      'Bienvenue sur {brand}',
      "Votre compte {brand} {account} a été créé. Vous pouvez maintenant vous connecter. Si vous n'avez pas créé ce compte, veuillez contacter notre service client.",
    ],
    '5': [
      '{brand} : double authentification désactivée',
      'À votre demande et après vérification de votre identité, {brand} a désactivé la double authentification de votre compte {account} et l’a déconnecté partout. Connectez-vous avec votre mot de passe, puis réactivez la double authentification avec votre nouvelle application d’authentification. Si vous n’en avez pas fait la demande, contactez immédiatement notre service client.',
    ],
  },
  it: {
    '1': [
      '{brand}: il tuo codice di verifica',
      "Il tuo codice di verifica per la registrazione su {brand} è {code}. È valido per 10 minuti e può essere usato una sola volta. Se non l'hai richiesto, puoi ignorare questo messaggio.",
    ],
    '2': [
      '{brand}: codice per reimpostare la password',
      'Il tuo codice per reimpostare la password di {brand} è {code}. È valido per 10 minuti e può essere usato una sola volta. Se non hai chiesto di reimpostare la password, ignora questo messaggio: la tua password resta invariata.',
    ],
    '4': [
      'Benvenuto su {brand}',
      'Il tuo account {brand} {account} è stato creato. Ora puoi accedere. Se non hai creato tu questo account, contatta il nostro servizio clienti.',
    ],
    '5': [
      '{brand}: autenticazione a due fattori disattivata',
      'Su tua richiesta e dopo aver verificato la tua identità, {brand} ha disattivato l’autenticazione a due fattori dell’account {account} e l’ha disconnesso ovunque. Accedi con la password e riattiva l’autenticazione a due fattori con la nuova app di autenticazione. Se non l’hai richiesto, contatta subito il nostro servizio clienti.',
    ],
  },
  ko: {
    '1': [
      '{brand}: 인증 코드',
      '{brand} 회원가입 인증 코드는 {code}입니다. 10분 동안 유효하며 한 번만 사용할 수 있습니다. 요청하지 않으셨다면 이 메시지를 무시하셔도 됩니다.',
    ],
    '2': [
      '{brand}: 비밀번호 재설정 코드',
      '{brand} 비밀번호 재설정 코드는 {code}입니다. 10분 동안 유효하며 한 번만 사용할 수 있습니다. 비밀번호 재설정을 요청하지 않으셨다면 이 메시지를 무시하세요. 비밀번호는 변경되지 않습니다.',
    ],
    '4': [
      '{brand}에 오신 것을 환영합니다',
      '{brand} 계정 {account}이(가) 생성되었습니다. 이제 로그인할 수 있습니다. 본인이 만든 계정이 아니라면 고객센터로 연락해 주세요.',
    ],
    '5': [
      '{brand}: 2단계 인증이 해제되었습니다',
      '요청에 따라 본인 확인을 거쳐 {brand}에서 계정 {account}의 2단계 인증을 해제하고 모든 기기에서 로그아웃했습니다. 비밀번호로 로그인한 뒤 새 인증 앱으로 2단계 인증을 다시 켜 주세요. 요청하지 않으셨다면 즉시 고객센터에 연락해 주세요.',
    ],
  },
  es: {
    '1': [
      '{brand}: tu código de verificación',
      'Tu código de verificación para registrarte en {brand} es {code}. Es válido durante 10 minutos y solo se puede usar una vez. Si no lo has solicitado, puedes ignorar este mensaje.',
    ],
    '2': [
      '{brand}: código para restablecer la contraseña',
      'Tu código para restablecer la contraseña de {brand} es {code}. Es válido durante 10 minutos y solo se puede usar una vez. Si no has pedido restablecer tu contraseña, ignora este mensaje: tu contraseña no cambiará.',
    ],
    '4': [
      'Bienvenido a {brand}',
      'Se ha creado tu cuenta de {brand} {account}. Ya puedes iniciar sesión. Si no has creado esta cuenta, ponte en contacto con nuestro servicio de atención al cliente.',
    ],
    '5': [
      '{brand}: autenticación en dos pasos desactivada',
      'A petición suya y tras comprobar su identidad, {brand} desactivó la autenticación en dos pasos de su cuenta {account} y cerró su sesión en todos los dispositivos. Inicie sesión con su contraseña y vuelva a activar la autenticación en dos pasos con su nueva aplicación de autenticación. Si no lo solicitó, contacte de inmediato con nuestro servicio de atención al cliente.',
    ],
  },
  vi: {
    '1': [
      '{brand}: mã xác minh của bạn',
      'Mã xác minh đăng ký {brand} của bạn là {code}. Mã có hiệu lực trong 10 phút và chỉ dùng được một lần. Nếu bạn không yêu cầu mã này, hãy bỏ qua tin nhắn này.',
    ],
    '2': [
      '{brand}: mã đặt lại mật khẩu',
      'Mã đặt lại mật khẩu {brand} của bạn là {code}. Mã có hiệu lực trong 10 phút và chỉ dùng được một lần. Nếu bạn không yêu cầu đặt lại mật khẩu, hãy bỏ qua tin nhắn này; mật khẩu của bạn sẽ không thay đổi.',
    ],
    '4': [
      'Chào mừng bạn đến với {brand}',
      'Tài khoản {brand} {account} của bạn đã được tạo. Bây giờ bạn có thể đăng nhập. Nếu bạn không tạo tài khoản này, vui lòng liên hệ bộ phận chăm sóc khách hàng của chúng tôi.',
    ],
    '5': [
      '{brand}: đã tắt xác thực hai yếu tố',
      'Theo yêu cầu của bạn và sau khi xác minh danh tính, {brand} đã tắt xác thực hai yếu tố trên tài khoản {account} và đăng xuất tài khoản khỏi mọi thiết bị. Hãy đăng nhập bằng mật khẩu và bật lại xác thực hai yếu tố với ứng dụng xác thực mới. Nếu bạn không yêu cầu việc này, hãy liên hệ ngay với bộ phận chăm sóc khách hàng.',
    ],
  },
  th: {
    '1': [
      '{brand}: รหัสยืนยันของคุณ',
      'รหัสยืนยันสำหรับการสมัคร {brand} ของคุณคือ {code} ใช้ได้ภายใน 10 นาทีและใช้ได้เพียงครั้งเดียว หากคุณไม่ได้ขอรหัสนี้ โปรดเพิกเฉยต่อข้อความนี้',
    ],
    '2': [
      '{brand}: รหัสรีเซ็ตรหัสผ่าน',
      'รหัสรีเซ็ตรหัสผ่าน {brand} ของคุณคือ {code} ใช้ได้ภายใน 10 นาทีและใช้ได้เพียงครั้งเดียว หากคุณไม่ได้ขอรีเซ็ตรหัสผ่าน โปรดเพิกเฉยต่อข้อความนี้ รหัสผ่านของคุณจะไม่เปลี่ยนแปลง',
    ],
    '4': [
      'ยินดีต้อนรับสู่ {brand}',
      'บัญชี {brand} {account} ของคุณถูกสร้างเรียบร้อยแล้ว ตอนนี้คุณสามารถเข้าสู่ระบบได้ หากคุณไม่ได้สร้างบัญชีนี้ โปรดติดต่อฝ่ายบริการลูกค้าของเรา',
    ],
    '5': [
      '{brand}: ปิดการยืนยันตัวตนสองขั้นตอนแล้ว',
      'ตามคำขอของคุณ และหลังจากตรวจสอบตัวตนของคุณแล้ว {brand} ได้ปิดการยืนยันตัวตนสองขั้นตอนของบัญชี {account} และออกจากระบบในทุกอุปกรณ์ โปรดลงชื่อเข้าใช้ด้วยรหัสผ่าน แล้วเปิดการยืนยันตัวตนสองขั้นตอนอีกครั้งด้วยแอปยืนยันตัวตนใหม่ หากคุณไม่ได้ขอเรื่องนี้ โปรดติดต่อฝ่ายบริการลูกค้าทันที',
    ],
  },
  id: {
    '1': [
      '{brand}: kode verifikasi Anda',
      'Kode verifikasi pendaftaran {brand} Anda adalah {code}. Kode berlaku selama 10 menit dan hanya dapat digunakan satu kali. Jika Anda tidak memintanya, abaikan pesan ini.',
    ],
    '2': [
      '{brand}: kode atur ulang kata sandi',
      'Kode atur ulang kata sandi {brand} Anda adalah {code}. Kode berlaku selama 10 menit dan hanya dapat digunakan satu kali. Jika Anda tidak meminta pengaturan ulang kata sandi, abaikan pesan ini; kata sandi Anda tidak akan berubah.',
    ],
    '4': [
      'Selamat datang di {brand}',
      'Akun {brand} Anda {account} telah dibuat. Sekarang Anda dapat masuk. Jika Anda tidak membuat akun ini, silakan hubungi layanan pelanggan kami.',
    ],
    '5': [
      '{brand}: autentikasi dua faktor dinonaktifkan',
      'Atas permintaan Anda dan setelah identitas Anda diperiksa, {brand} menonaktifkan autentikasi dua faktor pada akun {account} dan mengeluarkan akun dari semua perangkat. Masuk dengan kata sandi Anda, lalu aktifkan kembali autentikasi dua faktor dengan aplikasi autentikator baru. Jika Anda tidak memintanya, segera hubungi layanan pelanggan kami.',
    ],
  },
};

/** What a message text can name. */
export interface MessageVars {
  brand: string;
  code?: string;
  account?: string;
}

/** Subject and body of `purpose` in `locale` with the variables filled in. */
export function renderMessage(locale: Language, purpose: MessagePurpose, vars: MessageVars) {
  const fill = (template: string) =>
    template.replace(/\{(brand|code|account)\}/g, (_, name: keyof MessageVars) => vars[name] ?? '');
  const [subject, body] = TEXTS[locale][purpose];
  return { subject: fill(subject), text: fill(body) };
}

/** Every language that has texts (for tests). */
export const MESSAGE_LOCALES = Object.keys(TEXTS) as Language[];
