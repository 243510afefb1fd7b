/** vitest setupFiles of the server project: `memory://` databases start from the run's migrated template. */
import { inject } from 'vitest';
import { useMemoryTemplate } from './pglite';

useMemoryTemplate({
  migrated: inject('pgliteTemplate') || undefined,
  empty: inject('pgliteEmptyTemplate') || undefined,
});
