/**
 * The certificate and key of server.tls, read and checked before anything
 * is served, so that a bad pair is a sentence with its fix — never OpenSSL's
 * own text at start-up, never a hang:
 *
 * - each must be a regular file (a FIFO would block the read for ever; a
 *   folder or a device is a mistake), readable, at most MAX_BYTES;
 * - the key must be a PEM private key without a passphrase (the service
 *   cannot type one), the certificate a PEM certificate;
 * - the key must belong to the certificate.
 *
 * Used by `config check` (with the expiry as a warning) and by the server at
 * start and on every reload.
 */
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { AppError } from '../errors.js';

const MAX_BYTES = 1024 * 1024;

/** A file's bytes, refusing anything but a readable regular file of sane size (opened without blocking). */
function readRegular(file: string, what: 'cert' | 'key'): Buffer {
  const key = `server.tls.${what}`;
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new AppError('CONFIG_INVALID', `${key}: cannot read ${file} (${code})`, {
      hint:
        code === 'EACCES'
          ? 'make it readable by the service user (the key: chown root:airgap-agent, chmod 0640)'
          : `point ${key} at the PEM file`,
    });
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile())
      throw new AppError(
        'CONFIG_INVALID',
        `${key}: ${file} is not a regular file (${stats.isFIFO() ? 'a FIFO' : stats.isDirectory() ? 'a folder' : 'a device or socket'})`,
        { hint: `point ${key} at the PEM file itself` },
      );
    if (stats.size > MAX_BYTES)
      throw new AppError('CONFIG_INVALID', `${key}: ${file} is ${stats.size} bytes, too large for a PEM ${what}`, {
        hint: `point ${key} at the PEM file (a few KiB)`,
      });
    const buffer = Buffer.alloc(stats.size);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

export interface TlsPair {
  cert: Buffer;
  key: Buffer;
  /** the certificate's end of validity (ISO), its subject */
  validTo: string;
  subject: string;
}

/** Read and check the pair; an AppError (CONFIG_INVALID) naming the file, the problem and the fix. */
export function readTlsPair(certFile: string, keyFile: string): TlsPair {
  const cert = readRegular(certFile, 'cert');
  const key = readRegular(keyFile, 'key');
  const keyText = key.toString('latin1');
  if (/-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type:\s*4,ENCRYPTED/.test(keyText))
    throw new AppError('CONFIG_INVALID', `server.tls.key: ${keyFile} is encrypted (it needs a passphrase)`, {
      hint: `the service cannot type a passphrase: write it without one (openssl pkey -in ${keyFile} -out KEY.pem), keep that file 0640 root:airgap-agent`,
    });
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key, format: 'pem' });
  } catch {
    throw new AppError('CONFIG_INVALID', `server.tls.key: ${keyFile} is not a PEM private key`, {
      hint: 'give the key as PEM ("-----BEGIN PRIVATE KEY-----"); a DER file converts with openssl pkey -inform DER',
    });
  }
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(cert);
    if (!/-----BEGIN CERTIFICATE-----/.test(cert.toString('latin1'))) throw new Error('DER');
  } catch {
    throw new AppError('CONFIG_INVALID', `server.tls.cert: ${certFile} is not a PEM certificate`, {
      hint: 'give the certificate (and its chain) as PEM ("-----BEGIN CERTIFICATE-----")',
    });
  }
  if (!certificate.checkPrivateKey(privateKey))
    throw new AppError('CONFIG_INVALID', `server.tls.key: ${keyFile} does not belong to the certificate ${certFile}`, {
      hint: 'give the key the certificate was issued for (compare: openssl x509 -noout -pubkey -in CERT; openssl pkey -pubout -in KEY)',
    });
  return {
    cert,
    key,
    validTo: new Date(certificate.validTo).toISOString(),
    subject: certificate.subject.replace(/\n/g, ', '),
  };
}
