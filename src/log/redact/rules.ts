// The detectors of the redaction, as data. Ported from secretlint's recommended preset
// (@secretlint/secretlint-rule-preset-recommend 13.0.7, MIT): its bundle imports `node:path` and
// `node:fs` (a GCP .p12 check), so it cannot run in the worker as it is; its patterns are taken
// here as facts (the token shapes each provider documents), one row per secretlint rule, with the
// secretlint rule name kept in `source`. detect-secrets (npm 1.0.6) is only a launcher of Yelp's
// Python tool, so its JWT, keyword and entropy detectors are followed in spirit (keyword.ts,
// entropy.ts). Then the shapes dsh logs hold (request headers, env files, Authorization values).
//
// Contract of a rule: `pattern` is global (`g`, and `u` where it uses \p{…}); `group`, when given,
// is the capture group that holds the secret (the rest of the match is context, left as it is);
// `keywords` is a cheap prefilter: the rule runs only on strings that contain one of them.

/** The family a rule belongs to (the seeded benchmark plants a secret of every family). */
type RuleFamily = 'provider-key' | 'private-key' | 'credential-url' | 'header' | 'env' | 'keyword' | 'jwt';

export interface SecretRule {
  /** The rule's name in masks and the manifest: lower-case, `-` separated. */
  id: string;
  family: RuleFamily;
  pattern: RegExp;
  group?: number;
  keywords: readonly string[];
  /** Where the pattern comes from. */
  source: string;
  /** Extra check on the secret (a placeholder, a documented example key). */
  accept?: (secret: string) => boolean;
}

const SL = '@secretlint/secretlint-rule-';

/** Values that are placeholders, not secrets: `${VAR}`, `{{var}}`, `<token>`, `$VAR`, `%VAR%`, `****`. */
export function isPlaceholder(value: string): boolean {
  return (
    /^\$\{[^}]*\}$|^\{\{[^}]*\}\}$|^<[^>]*>$|^\$[A-Z_][A-Z0-9_]*$|^%[A-Z_]+%$|^\$\([^)]*\)$/.test(value) ||
    /^(.)\1+$/.test(value) ||
    /^(x+|\*+|\.+|-+|your[-_]?\w*|changeme|redacted|example\w*|placeholder|null|undefined|none|true|false)$/i.test(
      value,
    ) ||
    value.startsWith('[REDACTED:')
  );
}

/** AWS's documented example keys, which secretlint ignores too. */
const AWS_EXAMPLES = new Set(['AKIAIOSFODNN7EXAMPLE', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY']);

export const PROVIDER_RULES: readonly SecretRule[] = [
  {
    id: 'aws-access-key',
    family: 'provider-key',
    pattern: /\b(?:A3T[A-Z0-9]|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA)[A-Z0-9]{16}\b/g,
    keywords: ['A3T', 'AKIA', 'AGPA', 'AIDA', 'AROA', 'AIPA', 'ANPA', 'ANVA', 'ASIA'],
    source: `${SL}aws`,
    accept: (secret) => !AWS_EXAMPLES.has(secret),
  },
  {
    id: 'aws-secret-key',
    family: 'provider-key',
    pattern:
      /["']?(?:AWS|aws|Aws)?_?(?:SECRET|secret|Secret)_?(?:ACCESS|access|Access)_?(?:KEY|key|Key)["']?\s*(?::|=>|=)\s*["']?([A-Za-z0-9/+=]{40})["']?\b/g,
    group: 1,
    keywords: ['ecret'],
    source: `${SL}aws`,
    accept: (secret) => !AWS_EXAMPLES.has(secret),
  },
  {
    id: 'npm-token',
    family: 'provider-key',
    pattern: /(?<!\p{L})npm_[A-Za-z0-9_]{36}(?![A-Za-z0-9_])/gu,
    keywords: ['npm_'],
    source: `${SL}npm`,
  },
  {
    id: 'npm-auth-token',
    family: 'provider-key',
    pattern: /_authToken=([^$\s"'][^\s"']*)/g,
    group: 1,
    keywords: ['_authToken='],
    source: `${SL}npm`,
  },
  {
    id: 'slack-token',
    family: 'provider-key',
    pattern: /\b(?:xoxb|xoxp|xapp|xoxa|xoxo|xoxr)-(?:\d-)?(?:[a-zA-Z0-9]{1,40}-)+[a-zA-Z0-9]{1,40}\b/g,
    keywords: ['xox', 'xapp-'],
    source: `${SL}slack`,
  },
  {
    id: 'slack-webhook',
    family: 'provider-key',
    pattern:
      /https:\/\/hooks\.slack\.com\/services\/T[a-zA-Z0-9]{1,40}\/B[a-zA-Z0-9]{1,40}\/[a-zA-Z0-9]{1,40}/gi,
    keywords: ['hooks.slack.com'],
    source: `${SL}slack`,
  },
  {
    id: 'openai-key',
    family: 'provider-key',
    pattern:
      /sk-(?:proj|svcacct|admin)-(?:[A-Za-z0-9_-]{74}|[A-Za-z0-9_-]{58})T3BlbkFJ(?:[A-Za-z0-9_-]{74}|[A-Za-z0-9_-]{58})\b|sk-[a-zA-Z0-9]{20}T3BlbkFJ[a-zA-Z0-9]{20}/g,
    keywords: ['T3BlbkFJ'],
    source: `${SL}openai`,
  },
  {
    id: 'anthropic-key',
    family: 'provider-key',
    pattern: /(?<!\p{L})sk-ant-api0\d-[A-Za-z0-9_-]{90,128}AA(?![A-Za-z0-9_-])/gu,
    keywords: ['sk-ant-'],
    source: `${SL}anthropic`,
  },
  {
    // DeepSeek's and other OpenAI-compatible providers' keys: `sk-` and 32 or more hex or base62
    // characters (dsh's own provider; not in secretlint). Checked after openai-key/anthropic-key.
    id: 'sk-api-key',
    family: 'provider-key',
    pattern: /(?<![A-Za-z0-9_-])sk-(?:or-v1-)?[A-Za-z0-9]{32,100}(?![A-Za-z0-9_-])/g,
    keywords: ['sk-'],
    source: 'dsh provider keys (DeepSeek, OpenRouter)',
  },
  {
    id: 'groq-key',
    family: 'provider-key',
    pattern: /(?<!\p{L})gsk_[a-zA-Z0-9]{52}(?![a-zA-Z0-9])/gu,
    keywords: ['gsk_'],
    source: `${SL}groq`,
  },
  {
    id: 'huggingface-token',
    family: 'provider-key',
    pattern: /(?<!\p{L})hf_[a-zA-Z]{34}(?![a-zA-Z])/gu,
    keywords: ['hf_'],
    source: `${SL}huggingface`,
  },
  {
    id: 'linear-key',
    family: 'provider-key',
    pattern: /(?<!\p{L})lin_api_[a-zA-Z0-9_]{32,128}(?![a-zA-Z0-9_])/gu,
    keywords: ['lin_api_'],
    source: `${SL}linear`,
  },
  {
    id: 'notion-token',
    family: 'provider-key',
    pattern: /(?<!\p{L})ntn_[0-9]{11}[A-Za-z0-9]{35}(?![A-Za-z0-9])/gu,
    keywords: ['ntn_'],
    source: `${SL}notion`,
  },
  {
    id: 'sendgrid-key',
    family: 'provider-key',
    pattern: /(?<!\p{L})SG\.\w{1,128}\.\w{1,128}([-_]?)\w{1,128}(?!\w)/gu,
    keywords: ['SG.'],
    source: `${SL}sendgrid`,
  },
  {
    id: 'shopify-token',
    family: 'provider-key',
    pattern: /(?<!\p{L})(?:shppa|shpca|shpat|shpss)_[a-zA-Z0-9]{32,64}(?![a-zA-Z0-9])/gu,
    keywords: ['shp'],
    source: `${SL}shopify`,
  },
  {
    id: 'stripe-key',
    family: 'provider-key',
    pattern: /(?<!\p{L})(?:sk_live|sk_test|rk_live|rk_test)_[a-zA-Z0-9]{24,99}(?![a-zA-Z0-9])/gu,
    keywords: ['k_live_', 'k_test_'],
    source: `${SL}stripe`,
  },
  {
    id: 'github-token',
    family: 'provider-key',
    pattern:
      /(?<!\p{L})(?:(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9_]{36}(?![A-Za-z0-9_])|github_pat_[A-Za-z0-9_]{82}(?![A-Za-z0-9_]))/gu,
    keywords: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
    source: `${SL}github`,
  },
  {
    id: 'gitlab-token',
    family: 'provider-key',
    pattern: /(?<!\p{L})glpat-[A-Za-z0-9_-]{20,128}(?![A-Za-z0-9_-])/gu,
    keywords: ['glpat-'],
    source: `${SL}gitlab`,
  },
  {
    id: 'grafana-token',
    family: 'provider-key',
    pattern:
      /(?<!\p{L})(?:glc_[A-Za-z0-9+/]{32,400}={0,2}(?![A-Za-z0-9+/=])|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}(?![A-Fa-f0-9]))/gu,
    keywords: ['glc_', 'glsa_'],
    source: `${SL}grafana`,
  },
  {
    id: '1password-token',
    family: 'provider-key',
    pattern: /(?<!\p{L})ops_ey[A-Za-z0-9+/=]{100,1280}fQ={0,2}(?![A-Za-z0-9+/=])/gu,
    keywords: ['ops_ey'],
    source: `${SL}1password`,
  },
  {
    id: 'vault-token',
    family: 'provider-key',
    pattern:
      /(?<!\p{L})(?:hvs\.[A-Za-z0-9_-]{90,120}|hvb\.[A-Za-z0-9_-]{138,300}|hvr\.[A-Za-z0-9_-]{90,120})(?![A-Za-z0-9_-])/gu,
    keywords: ['hvs.', 'hvb.', 'hvr.'],
    source: `${SL}hashicorp-vault`,
  },
  {
    id: 'vercel-token',
    family: 'provider-key',
    pattern: /(?<!\p{L})(?:vcp|vci|vca|vcr|vck)_[A-Za-z0-9]{20,60}(?![A-Za-z0-9])/gu,
    keywords: ['vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'],
    source: `${SL}vercel`,
  },
  {
    id: 'databricks-token',
    family: 'provider-key',
    pattern: /(?<!\p{L})dapi[A-Fa-f0-9]{32}(?:-[0-9])?(?![A-Fa-f0-9])/gu,
    keywords: ['dapi'],
    source: `${SL}databricks`,
  },
  {
    id: 'docker-token',
    family: 'provider-key',
    pattern: /(?<!\p{L})dckr_pat_[a-zA-Z0-9_-]{27}(?![a-zA-Z0-9_-])/gu,
    keywords: ['dckr_pat_'],
    source: `${SL}docker`,
  },
  {
    id: 'figma-token',
    family: 'provider-key',
    pattern: /(?<!\p{L})figd_[A-Za-z0-9_-]{40,200}(?![A-Za-z0-9_-])/gu,
    keywords: ['figd_'],
    source: `${SL}figma`,
  },
  {
    id: 'cloudflare-token',
    family: 'provider-key',
    pattern: /(?<!\p{L})(?:cfk|cfut|cfat)_[A-Za-z0-9]{40}[0-9a-f]{8}(?![A-Za-z0-9])/gu,
    keywords: ['cfk_', 'cfut_', 'cfat_'],
    source: `${SL}cloudflare`,
  },
  {
    id: 'tailscale-key',
    family: 'provider-key',
    pattern: /(?<!\p{L})tskey-[a-z]{2,20}-[0-9A-Za-z_]{8,40}-[0-9A-Za-z_]{16,60}(?![0-9A-Za-z_])/gu,
    keywords: ['tskey-'],
    source: `${SL}tailscale`,
  },
  {
    id: 'gcp-api-key',
    family: 'provider-key',
    pattern: /(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])/g,
    keywords: ['AIza'],
    source: 'Google API keys (gitleaks/detect-secrets shape)',
  },
];

export const STRUCTURE_RULES: readonly SecretRule[] = [
  {
    // The whole PEM block (BEGIN … END), or from BEGIN on when the text was cut before the END.
    // Inside JSON-encoded tool arguments the newlines are the two characters `\n`: both are allowed.
    id: 'private-key',
    family: 'private-key',
    pattern:
      /-----BEGIN[ ]?(?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----(?:(?!-----END)[A-Za-z0-9+/=\s\\:,-]){0,20000}(?:-----END[ ]?(?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----)?/g,
    keywords: ['PRIVATE KEY'],
    source: `${SL}privatekey`,
  },
  {
    id: 'basic-auth-url',
    family: 'credential-url',
    pattern:
      /\b(?:https?|ftps?|mongodb(?:\+srv)?|postgres(?:ql)?|mysqlx?|redis|rediss|amqps?):\/\/[^:/\s@"'<>]{1,256}:([^@/\s"'<>]{1,256})@[-a-zA-Z0-9%._+~#=[\]]{1,256}/gi,
    group: 1,
    keywords: ['://'],
    source: `${SL}basicauth, ${SL}database-connection-string`,
    accept: (secret) => !isPlaceholder(secret),
  },
  {
    id: 'authorization-header',
    family: 'header',
    pattern: /\b(?:Bearer|Basic|Token|Bot)\s+([A-Za-z0-9._~+/=-]{16,})/g,
    group: 1,
    keywords: ['Bearer', 'Basic', 'Token', 'Bot'],
    source: 'dsh request headers (Authorization)',
    accept: (secret) => !isPlaceholder(secret) && /\d/.test(secret),
  },
  {
    // `x-api-key: …`, `api-key: …`, `Authorization: …` as a header line (curl -H, a printed request).
    id: 'api-key-header',
    family: 'header',
    pattern:
      /\b(?:x-api-key|api-key|x-goog-api-key|x-auth-token|authorization|proxy-authorization)\s*:\s*["']?(?!Bearer\b|Basic\b)([A-Za-z0-9._~+/=-]{12,})/gi,
    group: 1,
    keywords: ['pi-key', 'uth-token', 'uthorization', 'UTHORIZATION'],
    source: 'dsh request headers',
    accept: (secret) => !isPlaceholder(secret) && /\d/.test(secret) && /[A-Za-z]/.test(secret),
  },
  {
    // A `.env` body or a shell `export`: NAME=value where NAME says key, token, secret or password.
    id: 'env-secret',
    family: 'env',
    pattern:
      /(?:^|[\s;&|(])(?:export\s+)?[A-Z][A-Z0-9_]*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASS|PWD|CREDENTIALS?|AUTH)[A-Z0-9_]*\s*=\s*(["']?)([^\s"'#$`]{6,})\1/gm,
    group: 2,
    keywords: ['='],
    source: `${SL}no-dotenv (as content), dsh env`,
    accept: (secret) => !isPlaceholder(secret) && !/^\d{1,6}$/.test(secret),
  },
  {
    id: 'jwt',
    family: 'jwt',
    pattern: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g,
    keywords: ['eyJ'],
    source: 'detect-secrets JwtTokenDetector',
  },
];
