import { Code } from '../../../src/core/contract/codes';
import { NICKNAME_MAX } from '../../../src/core/contract/users';
import { BusinessError } from '../http/envelope';

export { NICKNAME_MAX };

const INCORRECT_PARAMETER = Code.INCORRECT_PARAMETER;
const ILLEGAL_CHARACTERS = Code.PARAMETER_ILLEGAL_CHARS;
// Control characters and angle brackets: a nickname is shown in other people's markup and logs.
const ILLEGAL = /[\p{Cc}<>]/u;

/** The trimmed `nickName` of the `metaData` JSON field (1001 when missing, empty or too long; 23558). */
export function parseNickname(metaData: string | undefined): string {
  let meta: unknown;
  try {
    meta = metaData === undefined ? undefined : JSON.parse(metaData);
  } catch {
    throw new BusinessError(INCORRECT_PARAMETER, 'metaData is not JSON');
  }
  const raw = (meta as { nickName?: unknown } | undefined)?.nickName;
  if (typeof raw !== 'string') throw new BusinessError(INCORRECT_PARAMETER, 'nickName required');
  const nickname = raw.trim();
  if (nickname.length === 0) throw new BusinessError(INCORRECT_PARAMETER, 'nickName required');
  if ([...nickname].length > NICKNAME_MAX) throw new BusinessError(INCORRECT_PARAMETER, 'nickName too long');
  if (ILLEGAL.test(nickname)) throw new BusinessError(ILLEGAL_CHARACTERS);
  return nickname;
}
