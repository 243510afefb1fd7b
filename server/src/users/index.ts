/**
 * The users module's entry: what other modules use of it. Its other files are internal to it (lint rule
 * `layers/direction`); the app registers its plugin from `plugin.ts`.
 */
export {
  acceptTotpStep,
  disableTotp,
  enableTotp,
  findCredentialsById,
  findInviter,
  findUserById,
  findUserByName,
  findUserByUid,
  insertUser,
  markWelcomeSent,
  passwordHashOf,
  setPasswordHash,
  setPendingTotpSecret,
} from './repo';
export type { CredentialRow } from './repo';
export { IMAGE_CONTENT_TYPES, IMAGE_SNIFF_BYTES, detectImageType } from './image-type';
export { createAvatarStore, AvatarRejected, type AvatarStore } from './avatar-store';
