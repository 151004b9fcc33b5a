import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';

/**
 * Certificates and keys made FOR THE TEST at test time (decision 0096): never Apple's or Google's. An
 * Apple-like chain (a "WWDR" certificate authority of the test's own, and a pass type certificate it
 * issued, its key under a passphrase) by `openssl`, and a Google-like service account key by node:crypto.
 */
export interface TestWalletCredentials {
  apple: {
    wwdrCert: string;
    signerCert: string;
    signerKey: string;
    passphrase: string;
  };
  google: { privateKey: string; publicKey: string };
  /** The environment that sets both wallets up, PEM contents inline. */
  env: Record<string, string>;
}

export const TEST_PASS_TYPE_ID = 'pass.test.encore.tickets';
export const TEST_TEAM_ID = 'TESTTEAM01';
export const TEST_GOOGLE_ISSUER_ID = '3388000000012345678';
export const TEST_GOOGLE_SERVICE_ACCOUNT = 'wallet-test@encore-test.iam.gserviceaccount.com';

function openssl(directory: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: directory, stdio: ['ignore', 'ignore', 'pipe'] });
}

export function makeTestWalletCredentials(): TestWalletCredentials {
  const directory = mkdtempSync(path.join(tmpdir(), 'encore-wallet-'));
  try {
    const passphrase = 'test-passphrase';
    openssl(directory, [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'wwdr.key',
      '-out',
      'wwdr.pem',
      '-days',
      '3650',
      '-subj',
      '/CN=Encore Test WWDR CA/O=Encore Tests',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    openssl(directory, [
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'signer.plain.key',
      '-out',
      'signer.csr',
      '-subj',
      `/UID=${TEST_PASS_TYPE_ID}/CN=Pass Type ID: ${TEST_PASS_TYPE_ID}/OU=${TEST_TEAM_ID}/O=Encore Tests`,
    ]);
    openssl(directory, [
      'x509',
      '-req',
      '-in',
      'signer.csr',
      '-CA',
      'wwdr.pem',
      '-CAkey',
      'wwdr.key',
      '-CAcreateserial',
      '-out',
      'signer.pem',
      '-days',
      '365',
    ]);
    openssl(directory, [
      'pkey',
      '-in',
      'signer.plain.key',
      '-out',
      'signer.key',
      '-aes256',
      '-passout',
      `pass:${passphrase}`,
    ]);
    const read = (name: string) => readFileSync(path.join(directory, name), 'utf8');
    const apple = {
      wwdrCert: read('wwdr.pem'),
      signerCert: read('signer.pem'),
      signerKey: read('signer.key'),
      passphrase,
    };
    const google = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    return {
      apple,
      google: { privateKey: google.privateKey, publicKey: google.publicKey },
      env: {
        APPLE_WALLET_PASS_TYPE_ID: TEST_PASS_TYPE_ID,
        APPLE_WALLET_TEAM_ID: TEST_TEAM_ID,
        APPLE_WALLET_SIGNER_CERT: apple.signerCert,
        APPLE_WALLET_SIGNER_KEY: apple.signerKey,
        APPLE_WALLET_KEY_PASSPHRASE: passphrase,
        APPLE_WALLET_WWDR_CERT: apple.wwdrCert,
        GOOGLE_WALLET_ISSUER_ID: TEST_GOOGLE_ISSUER_ID,
        GOOGLE_WALLET_CLIENT_EMAIL: TEST_GOOGLE_SERVICE_ACCOUNT,
        GOOGLE_WALLET_PRIVATE_KEY: google.privateKey,
      },
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** The files of a ZIP archive (stored or deflated entries), read from its central directory. */
export function unzip(archive: Buffer): Map<string, Buffer> {
  const endAt = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0) throw new Error('not a ZIP archive');
  const count = archive.readUInt16LE(endAt + 10);
  let at = archive.readUInt32LE(endAt + 16);
  const files = new Map<string, Buffer>();
  for (let index = 0; index < count; index++) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = archive.readUInt16LE(at + 10);
    const compressedSize = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const localAt = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const localNameLength = archive.readUInt16LE(localAt + 26);
    const localExtraLength = archive.readUInt16LE(localAt + 28);
    const dataAt = localAt + 30 + localNameLength + localExtraLength;
    const data = archive.subarray(dataAt, dataAt + compressedSize);
    if (method !== 0 && method !== 8) throw new Error(`unsupported ZIP method ${method}`);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

/**
 * Checks `signature` is a DER PKCS#7 (CMS) signature, detached, over `content`, made by a certificate the
 * test's CA issued; answers the signer's certificate (PEM) as the signature carries it.
 */
export function verifyDetachedSignature(signature: Buffer, content: Buffer, caCert: string): X509Certificate {
  const directory = mkdtempSync(path.join(tmpdir(), 'encore-wallet-verify-'));
  try {
    writeFileSync(path.join(directory, 'signature'), signature);
    writeFileSync(path.join(directory, 'content'), content);
    writeFileSync(path.join(directory, 'ca.pem'), caCert);
    openssl(directory, [
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      'signature',
      '-content',
      'content',
      '-CAfile',
      'ca.pem',
      '-purpose',
      'any',
      '-certsout',
      'signers.pem',
      '-out',
      'verified',
    ]);
    // -certsout writes every certificate the signature carries; the signer is the one not the CA.
    const pems = readFileSync(path.join(directory, 'signers.pem'), 'utf8').match(
      /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g,
    );
    const certificates = (pems ?? []).map((pem) => new X509Certificate(pem));
    const ca = new X509Certificate(caCert);
    const signer = certificates.find((certificate) => certificate.fingerprint256 !== ca.fingerprint256);
    if (!signer) throw new Error('the signature carries no signer certificate');
    // The verified output is the content itself: the signature was over these bytes, detached from them.
    if (!readFileSync(path.join(directory, 'verified')).equals(content)) throw new Error('content differs');
    return signer;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
