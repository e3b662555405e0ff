/**
 * Every top-level command: its one-line summary for `store --help`, and the module that holds it,
 * loaded only when that command runs (so `--help` and `--version` load none of them).
 */
export interface CommandEntry { name: string; summary: string; load: () => Promise<{ register: import('./command.js').Register }> }

export const COMMANDS: CommandEntry[] = [
  { name: 'serve', summary: 'run the local emulator of /api/v1 (with checkout, webhooks and a dashboard)', load: () => import('./commands/serve.js') },
]
