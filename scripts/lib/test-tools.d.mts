/** One tool of `npm test`: found (a path, a URL or a description), where from, and the message when missing. */
export interface TestTool {
  name: 'chromium' | 'postgres' | 'rabbitmq';
  found: string | null;
  from: 'machine' | 'env';
  missing: string;
}

/** How the tools are looked for on the machine (scripts/lib/find-tools.mjs, temp-rabbitmq.mjs). */
export interface ToolFinders {
  chromium(): string | null;
  postgres(): string | null;
  rabbitmq(): string | null;
}

export declare function testTools(env: Record<string, string | undefined>, find: ToolFinders): TestTool[];

export declare function missingTool(tools: TestTool[]): string | null;
