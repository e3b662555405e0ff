import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

/** Whether openssl is installed: tests that need a certificate are skipped without it. */
export const hasOpenssl = spawnSync('openssl', ['version']).status === 0

/** A self-signed certificate for 127.0.0.1 in `dir`, valid for a day: the paths of its key and certificate. */
export function selfSignedCertificate(dir: string): { key: string; cert: string } {
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')]
  const subject = ['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1']
  const args = ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', ...subject]
  const made = spawnSync('openssl', args, { stdio: 'ignore' })
  if (made.status !== 0) throw new Error(`openssl could not make a certificate (exit ${made.status})`)
  return { key, cert }
}
