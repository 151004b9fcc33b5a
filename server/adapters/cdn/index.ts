import type { Config } from '../../config.js';
import type { Cdn } from './cdn.js';
import { RecordingCdn } from './cdn.js';
import { FastlyCdn } from './fastly.js';

/** Fastly when FASTLY_SERVICE_ID and FASTLY_API_TOKEN are set (decision 0090); otherwise purges are recorded. */
export function createCdn(config: Config): Cdn {
  return config.fastly ? new FastlyCdn(config.fastly) : new RecordingCdn();
}
