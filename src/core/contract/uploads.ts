/**
 * Largest image upload the platform takes, before the client's compression (spec §9: 10 MB): the avatar, a
 * deposit's proof and the identity images. No imports, so the widgets' image checks read it without the schemas.
 */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
