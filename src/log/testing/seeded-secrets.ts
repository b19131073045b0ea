// A seeded set of secrets, one of every rule (and so of every rule family), made by a PRNG in each
// provider's documented shape: none is a real credential. The redaction tests and the benchmark
// plant them in every field of a log and check that every one is masked.

import { createRandom } from './random.ts';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = UPPER + LOWER + DIGITS;
const HEX = '0123456789abcdef';

export interface SeededSecret {
  rule: string;
  /** The text planted (the secret with the context its rule needs). */
  planted: string;
  /** The part that must not survive redaction. */
  secret: string;
}

/** One secret per rule, from `seed`. */
export function seededSecrets(seed = 24): SeededSecret[] {
  const random = createRandom(seed);
  const pick = (alphabet: string, n: number) => {
    let out = '';
    for (let i = 0; i < n; i++) out += alphabet[Math.floor(random() * alphabet.length)];
    // Mixed classes guaranteed where an alphabet allows them (entropy and keyword rules want them).
    return out;
  };
  const mixed = (n: number) => `${pick(UPPER, 2)}${pick(DIGITS, 2)}${pick(LOWER, 2)}${pick(ALNUM, n - 6)}`;
  const plain = (rule: string, secret: string): SeededSecret => ({ rule, planted: secret, secret });
  const pem = `-----BEGIN RSA PRIVATE KEY-----\n${Array.from({ length: 6 }, () => pick(ALNUM + '+/', 64)).join('\n')}\n-----END RSA PRIVATE KEY-----`;
  const jwt = `eyJ${mixed(20)}.eyJ${mixed(30)}.${mixed(30)}`;
  const awsSecret = mixed(40).replace(/[^A-Za-z0-9]/g, 'x');
  const password = `${mixed(14)}`;
  return [
    plain('aws-access-key', `AKIA${pick(UPPER + DIGITS, 16)}`),
    { rule: 'aws-secret-key', planted: `aws_secret_access_key = ${awsSecret}`, secret: awsSecret },
    plain('npm-token', `npm_${mixed(36)}`),
    plain('slack-token', `xoxb-${pick(DIGITS, 12)}-${pick(DIGITS, 13)}-${mixed(24)}`),
    plain('slack-webhook', `https://hooks.slack.com/services/T${mixed(8)}/B${mixed(10)}/${mixed(24)}`),
    plain('openai-key', `sk-proj-${mixed(74)}T3BlbkFJ${mixed(74)}`),
    plain('anthropic-key', `sk-ant-api03-${mixed(93)}AA`),
    plain('sk-api-key', `sk-${pick(HEX, 32)}`),
    plain('groq-key', `gsk_${mixed(52)}`),
    plain('huggingface-token', `hf_${pick(UPPER + LOWER, 34)}`),
    plain('linear-key', `lin_api_${mixed(40)}`),
    plain('notion-token', `ntn_${pick(DIGITS, 11)}${mixed(35)}`),
    plain('sendgrid-key', `SG.${mixed(22)}.${mixed(43)}`),
    plain('shopify-token', `shpat_${mixed(32)}`),
    plain('stripe-key', `sk_live_${mixed(32)}`),
    plain('github-token', `ghp_${mixed(36)}`),
    plain('gitlab-token', `glpat-${mixed(20)}`),
    plain('grafana-token', `glsa_${mixed(32)}_${pick(HEX, 8)}`),
    plain('1password-token', `ops_eyJ${mixed(120)}fQ==`),
    plain('vault-token', `hvs.${mixed(100)}`),
    plain('vercel-token', `vcp_${mixed(40)}`),
    plain('databricks-token', `dapi${pick(HEX, 32)}`),
    plain('docker-token', `dckr_pat_${mixed(27)}`),
    plain('figma-token', `figd_${mixed(48)}`),
    plain('cloudflare-token', `cfut_${mixed(40)}${pick(HEX, 8)}`),
    plain('tailscale-key', `tskey-auth-${mixed(12)}-${mixed(30)}`),
    plain('gcp-api-key', `AIza${mixed(35)}`),
    plain('private-key', pem),
    {
      rule: 'basic-auth-url',
      planted: `postgres://admin:${password}@db.internal.example:5432/app`,
      secret: password,
    },
    (() => {
      const token = mixed(40);
      return { rule: 'authorization-header', planted: `Authorization: Bearer ${token}`, secret: token };
    })(),
    (() => {
      const token = mixed(32);
      return { rule: 'api-key-header', planted: `x-api-key: ${token}`, secret: token };
    })(),
    (() => {
      const value = mixed(20);
      return { rule: 'env-secret', planted: `DATABASE_PASSWORD=${value}`, secret: value };
    })(),
    plain('jwt', jwt),
    (() => {
      const value = `${pick(LOWER, 6)}${pick(DIGITS, 4)}${pick(LOWER, 2)}`;
      return { rule: 'keyword', planted: `the admin password: ${value}`, secret: value };
    })(),
    plain('high-entropy', mixed(40)),
  ];
}
