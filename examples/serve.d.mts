/** The platform origin written in the example files (what `npm start` serves). */
export declare const DEFAULT_PLATFORM_ORIGIN: string;

/** An http(s) origin from user input, or null. */
export declare function parseOrigin(value: string | null | undefined): string | null;

/** A running examples server. */
export interface ExamplesServer {
  url: string;
  close(): Promise<void>;
}

/** Serve examples/ on host:port (0 picks a free port), rewriting the platform origin in HTML. */
export declare function startExamplesServer(options?: {
  port?: number;
  host?: string;
  platformOrigin?: string;
}): Promise<ExamplesServer>;
