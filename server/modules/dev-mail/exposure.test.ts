import { describe, expect, it } from 'vitest';
import { developmentExposureWarning } from './exposure.js';

describe('developmentExposureWarning', () => {
  it('warns when a development instance listens beyond this machine', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'encore.lan']) {
      const warning = developmentExposureWarning({ isProduction: false, host, port: 3000 });
      expect(warning).toContain(`development mode on ${host}:3000`);
      expect(warning).toContain('HOST=127.0.0.1');
    }
  });

  it('stays quiet on a loopback address and in production', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1'])
      expect(developmentExposureWarning({ isProduction: false, host, port: 3000 })).toBeNull();
    expect(developmentExposureWarning({ isProduction: true, host: '0.0.0.0', port: 3000 })).toBeNull();
  });
});
