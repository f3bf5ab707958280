import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../paths.ts';

// SIGTERM to `npm start` (what a process manager or a container sends) must reach Zerri: npm forwards it to
// the script's shell, and a shell that does not `exec` its command dies and leaves Zerri running.
// The package's own start script is run here with a stand-in for scripts/start.mjs (a real start needs a build).
const started: number[] = [];
afterAll(() => {
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start', () => {
  it('stops the server when npm gets SIGTERM', { timeout: 60_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zerri-npm-start-'));
    try {
      const { scripts } = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
      expect(scripts.start).toContain('scripts/start.mjs');
      fs.mkdirSync(path.join(dir, 'scripts'));
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'zerri-start', private: true, scripts: { start: scripts.start } }));
      fs.writeFileSync(
        path.join(dir, 'scripts/start.mjs'),
        `process.on('SIGTERM', () => { console.log('stopping'); process.exit(0); });
         console.log('running ' + process.pid);
         setInterval(() => {}, 1000);`,
      );
      const npm = spawn('npm', ['start', '--silent'], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
      started.push(npm.pid!);
      let output = '';
      npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await expect.poll(() => output, { timeout: 30_000 }).toMatch(/running \d+/);
      const server = Number(/running (\d+)/.exec(output)![1]);
      started.push(server);

      npm.kill('SIGTERM');
      await once(npm, 'exit');
      // npm waits for its script to end: by now the server got the signal and has stopped.
      expect(alive(server)).toBe(false);
      await expect.poll(() => output, { timeout: 30_000 }).toContain('stopping');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
