/** The platform origin written in the example files (what `npm start` serves). */
export declare const DEFAULT_PLATFORM_ORIGIN: string;

/** An http(s) origin from user input, or null. */
export declare function parseOrigin(value: string | null | undefined): string | null;

/** A running examples server. */
export interface ExamplesServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The bundle of a partner's entry file (`.tsx` or `.ts`) as JavaScript text, kept until one of its files
 * changes. Rejects with an Error listing the build errors (file:line:column: text).
 */
export declare function bundleEntry(entry: string): Promise<string>;

/**
 * Serve examples/ (or `root`) on host:port (0 picks a free port), rewriting the platform origin in HTML and
 * bundling `<name>.tsx`/`<name>.ts` for a request of a missing `<name>.js`.
 */
export declare function startExamplesServer(options?: {
  port?: number;
  host?: string;
  platformOrigin?: string;
  root?: string;
}): Promise<ExamplesServer>;
