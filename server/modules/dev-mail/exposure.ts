import { isLoopbackHost } from './loopback.js';

/**
 * The start-up warning of a development instance that other machines can reach (HOST is not a loopback
 * address; the default 0.0.0.0 is every interface), or null when there is nothing to warn about.
 */
export function developmentExposureWarning(config: {
  isProduction: boolean;
  host: string;
  port: number;
}): string | null {
  if (config.isProduction || isLoopbackHost(config.host)) return null;
  return (
    `WARNING: Encore is running in development mode on ${config.host}:${config.port}, which other machines ` +
    'on the network can reach. Development mode has demo accounts with published passwords and a local ' +
    'mailbox (it answers only to this machine). Set HOST=127.0.0.1 to listen on this machine only, or ' +
    'NODE_ENV=production for a real deployment.'
  );
}
