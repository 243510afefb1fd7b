/**
 * The proof image kept while the trader reads the agreement (issue #26: the form came back, its file did not).
 * The file stays in memory for a move inside the page, and in session storage (as a data URL, when it fits)
 * for a page that reloads; when neither has it, the form says so instead of showing an empty proof.
 */

/** Session-storage key of the kept proof (beside the draft's DRAFT_KEY). */
export const PROOF_KEY = 'tk.deposit.proof';

/** What is stored: the file's name and type, and its bytes as a data URL (null when they did not fit). */
interface StoredProof {
  v: 1;
  name: string;
  type: string;
  data: string | null;
}

let inMemory: File | null = null;

/** The proof back from the agreement: the file, or `lost` when one was chosen but could not be kept. */
export type KeptProof = { file: File } | { lost: true } | null;

function readDataUrl(file: File): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}

function fileOf(stored: StoredProof): File | null {
  const match = stored.data ? /^data:([^;,]*)(;base64)?,(.*)$/s.exec(stored.data) : null;
  if (!match) return null;
  try {
    const text = match[2] ? atob(match[3] ?? '') : decodeURIComponent(match[3] ?? '');
    const bytes = Uint8Array.from(text, (ch) => ch.charCodeAt(0));
    return new File([bytes], stored.name, { type: stored.type });
  } catch {
    return null;
  }
}

/** Keeps `file` (or forgets any kept proof when null) before the agreement opens. */
export async function keepProof(storage: Storage | null, file: File | null): Promise<void> {
  inMemory = file;
  try {
    if (!file) return storage?.removeItem(PROOF_KEY);
    const stored: StoredProof = { v: 1, name: file.name, type: file.type, data: null };
    storage?.setItem(PROOF_KEY, JSON.stringify(stored));
    const data = await readDataUrl(file);
    if (data) storage?.setItem(PROOF_KEY, JSON.stringify({ ...stored, data }));
  } catch {
    // Storage full or refused: the name stays (when it could be written), so the loss is said on return.
  }
}

/** Takes the kept proof (once: it is removed from memory and storage). */
export function takeProof(storage: Storage | null): KeptProof {
  const memory = inMemory;
  inMemory = null;
  let stored: StoredProof | null = null;
  try {
    const raw = storage?.getItem(PROOF_KEY);
    storage?.removeItem(PROOF_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<StoredProof>) : null;
    if (parsed?.v === 1 && typeof parsed.name === 'string' && typeof parsed.type === 'string')
      stored = {
        v: 1,
        name: parsed.name,
        type: parsed.type,
        data: typeof parsed.data === 'string' ? parsed.data : null,
      };
  } catch {
    stored = null;
  }
  if (memory) return { file: memory };
  if (!stored) return null;
  const file = fileOf(stored);
  return file ? { file } : { lost: true };
}

/** Forgets any kept proof (the form was sent, or left for another page). */
export function dropProof(storage: Storage | null): void {
  inMemory = null;
  try {
    storage?.removeItem(PROOF_KEY);
  } catch {
    // Nothing kept that could be read back either.
  }
}
