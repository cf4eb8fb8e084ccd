import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig, Config } from './config';

/**
 * Outside production a missing SESSION_SECRET is generated once per data dir and kept in
 * `${dataDir}/.session-secret`, so sessions survive restarts without any setup. Production
 * never gets here: `loadConfig` refuses to start without the variable.
 */
export async function resolveSessionSecret(config: Config): Promise<AppConfig> {
  if (config.sessionSecret) return { ...config, sessionSecret: config.sessionSecret };
  if (config.isProduction) throw new Error('SESSION_SECRET is required in production');

  const file = path.join(config.dataDir, '.session-secret');
  const existing = await readSecret(file);
  if (existing) return { ...config, sessionSecret: existing };

  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': if two processes start together, only one writes and both read the winner's value.
    await writeFile(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    return { ...config, sessionSecret: secret };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readSecret(file);
    if (!winner)
      throw new Error(`${file} exists but holds no usable secret; delete it and restart`);
    return { ...config, sessionSecret: winner };
  }
}

async function readSecret(file: string): Promise<string | undefined> {
  try {
    const value = (await readFile(file, 'utf8')).trim();
    return value.length >= 32 ? value : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
