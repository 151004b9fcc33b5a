import os from 'node:os';
import path from 'node:path';

/**
 * The environment of an Encore instance that a test or benchmark spawns on 127.0.0.1:`port`: development
 * mode with the local adapters (no mail, images or payments leave the machine), the embedded database in a
 * scratch folder unless `settings` give a DATABASE_URL or DATA_DIR, and warnings only in the log.
 */
export function instanceEnv(port: number, settings: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://localhost:${port}`,
    DATA_DIR: path.join(os.tmpdir(), 'encore-bench-unused'),
    DATABASE_URL: '',
    SMTP_URL: '',
    CLOUDINARY_URL: '',
    LOG_LEVEL: 'warn',
    ...settings,
  };
}
