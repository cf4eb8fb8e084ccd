import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isFrenchVatNumberOf, isValidSiren } from '@cadran/domain/company-identifiers';
import { ConfigError, DEMO_SELLER, loadConfig, startupWarnings } from '../src/config';
import { DEFAULT_DATA_DIR, DEFAULT_WEB_DIST_DIR, REPO_ROOT } from '../src/paths';
import { resolveSessionSecret } from '../src/session-secret';
import { LICENSE_SIGNING_ENV, SELLER_ENV } from './support/seller-env';

const SECRET = 'x'.repeat(40);

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('gives working defaults for development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      isProduction: false,
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:3000',
      databaseUrl: undefined,
      smtpUrl: undefined,
      supportEmail: 'support@cadran.fr',
      cookieSecure: false,
      paymentSandbox: true,
      trustProxy: { kind: 'none' },
      apiDocs: true,
      seedDemo: true,
      logLevel: 'info',
      sessionSecret: undefined,
    });
    // Located from the source file, not the cwd: the repository's data/ and the web build.
    expect(config.dataDir).toBe(DEFAULT_DATA_DIR);
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(config.webDistDir).toBe(DEFAULT_WEB_DIST_DIR);
    expect(config.webDistDir).toBe(path.join(REPO_ROOT, 'apps', 'web', 'dist'));
  });

  it('derives the public URL from the port and normalises a given one to its origin', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://www.cadran.fr/' }).publicUrl).toBe(
      'https://www.cadran.fr',
    );
  });

  it('resolves a relative DATA_DIR against the working directory', () => {
    expect(loadConfig({ DATA_DIR: 'some/data' }).dataDir).toBe(path.resolve('some/data'));
  });

  it('refuses to start in production without SESSION_SECRET, naming the variable', () => {
    const error = configError({ NODE_ENV: 'production', ...SELLER_ENV });
    expect(error.message).toContain('SESSION_SECRET');
    expect(error.message).toContain('required in production');
  });

  it('refuses a session secret shorter than 32 characters', () => {
    const error = configError({
      NODE_ENV: 'production',
      ...SELLER_ENV,
      ...LICENSE_SIGNING_ENV,
      SESSION_SECRET: 'short',
    });
    expect(error.problems).toEqual([expect.stringMatching(/^SESSION_SECRET: must be at least 32/)]);
  });

  it('uses secure production defaults once the secret is set', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      ...SELLER_ENV,
      ...LICENSE_SIGNING_ENV,
      SESSION_SECRET: SECRET,
    });
    expect(config).toMatchObject({
      isProduction: true,
      cookieSecure: true,
      paymentSandbox: false,
      apiDocs: false,
      trustProxy: { kind: 'none' },
      staffSecondFactorRequired: true,
    });
    expect(startupWarnings(config)).toEqual([]);
  });

  it('always asks staff for a second factor in production, and only when told to elsewhere', () => {
    const production = { NODE_ENV: 'production', ...SELLER_ENV, SESSION_SECRET: SECRET };
    expect(configError({ ...production, STAFF_SECOND_FACTOR: 'optional' }).message).toContain(
      'STAFF_SECOND_FACTOR: refused in production',
    );
    expect(loadConfig({}).staffSecondFactorRequired).toBe(false);
    expect(loadConfig({ STAFF_SECOND_FACTOR: 'required' }).staffSecondFactorRequired).toBe(true);
    expect(configError({ STAFF_SECOND_FACTOR: 'sometimes' }).message).toContain(
      'STAFF_SECOND_FACTOR',
    );
  });

  it('publishes the API reference in production only when API_DOCS says so', () => {
    const production = {
      NODE_ENV: 'production',
      ...SELLER_ENV,
      ...LICENSE_SIGNING_ENV,
      SESSION_SECRET: SECRET,
    };
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(configError({ ...production, API_DOCS: 'public' }).message).toContain('API_DOCS');
  });

  it('asks the Commission’s VIES with a short time-out, off in tests unless pointed elsewhere', () => {
    expect(loadConfig({}).vies).toEqual({
      enabled: true,
      url: 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number',
      timeoutMs: 2_500,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).vies.enabled).toBe(false);
    expect(
      loadConfig({
        VIES_ENABLED: 'off',
        VIES_URL: 'http://127.0.0.1:9/vies',
        VIES_TIMEOUT_MS: '800',
      }).vies,
    ).toEqual({ enabled: false, url: 'http://127.0.0.1:9/vies', timeoutMs: 800 });
    const error = configError({
      VIES_URL: 'ftp://vies',
      VIES_TIMEOUT_MS: '60000',
      VIES_ENABLED: 'perhaps',
    });
    expect(error.problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'VIES_ENABLED',
      'VIES_TIMEOUT_MS',
      'VIES_URL',
    ]);
  });

  it('names every bad variable at once', () => {
    const error = configError({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://localhost/db',
      SMTP_URL: 'http://mail',
      NODE_ENV: 'staging',
      COOKIE_SECURE: 'maybe',
      SUPPORT_EMAIL: 'not-an-email',
    });
    const named = error.problems.map((problem) => problem.split(':')[0]);
    expect(named).toEqual(
      expect.arrayContaining([
        'PORT',
        'DATABASE_URL',
        'SMTP_URL',
        'NODE_ENV',
        'COOKIE_SECURE',
        'SUPPORT_EMAIL',
      ]),
    );
  });

  it('accepts PostgreSQL and SMTP URLs', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://cadran@db:5432/cadran',
      SMTP_URL: 'smtps://user:pass@mail.example:465',
    });
    expect(config.databaseUrl).toBe('postgres://cadran@db:5432/cadran');
    expect(config.smtpUrl).toBe('smtps://user:pass@mail.example:465');
  });

  it('treats empty optional variables as absent', () => {
    const config = loadConfig({
      DATABASE_URL: '',
      SMTP_URL: '',
      SESSION_SECRET: '',
      PUBLIC_URL: '',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.sessionSecret).toBeUndefined();
  });

  it("reads TRUST_PROXY as off, a hop count or the proxies' addresses and ranges", () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    for (const off of ['', '0', 'false', 'off']) expect(trust(off), off).toEqual({ kind: 'none' });
    // "1" is one proxy in front, not "trust everyone".
    expect(trust('1')).toEqual({ kind: 'hops', hops: 1 });
    expect(trust('2')).toEqual({ kind: 'hops', hops: 2 });
    expect(trust(' 127.0.0.1, 10.0.0.0/8,loopback,::1,fd00::/8 ')).toEqual({
      kind: 'addresses',
      addresses: ['127.0.0.1', '10.0.0.0/8', 'loopback', '::1', 'fd00::/8'],
    });
    expect(trust('true')).toEqual({ kind: 'everyone' });
  });

  it('refuses a TRUST_PROXY that is neither, naming the variable and the bad entry', () => {
    for (const bad of ['proxy.internal', '10.0.0.0/33', '10.0.0/8', '300.1.1.1', '10.0.0.1/8/1']) {
      const error = configError({ TRUST_PROXY: `127.0.0.1,${bad}` });
      expect(error.problems, bad).toEqual([expect.stringMatching(/^TRUST_PROXY: /)]);
      expect(error.message, bad).toContain(`"${bad}"`);
    }
    expect(configError({ TRUST_PROXY: '11' }).message).toContain('TRUST_PROXY: a hop count');
  });

  it('refuses TRUST_PROXY=true in production, saying what to set instead', () => {
    for (const everyone of ['true', 'yes', 'on']) {
      const error = configError({
        NODE_ENV: 'production',
        ...SELLER_ENV,
        ...LICENSE_SIGNING_ENV,
        SESSION_SECRET: SECRET,
        TRUST_PROXY: everyone,
      });
      expect(error.problems, everyone).toEqual([
        expect.stringMatching(/^TRUST_PROXY: refused in production: .*X-Forwarded-For/),
      ]);
      expect(error.message).toContain('127.0.0.1,10.0.0.0/8');
    }
    const config = loadConfig({
      NODE_ENV: 'production',
      ...SELLER_ENV,
      ...LICENSE_SIGNING_ENV,
      SESSION_SECRET: SECRET,
      TRUST_PROXY: '1',
    });
    expect(config.trustProxy).toEqual({ kind: 'hops', hops: 1 });
  });

  it('accepts TRUST_PROXY=true outside production with a warning for the log', () => {
    const warnings = startupWarnings(loadConfig({ TRUST_PROXY: 'true' }));
    expect(warnings).toEqual([
      { setting: 'TRUST_PROXY', message: expect.stringContaining('dodge') as string },
    ]);
    expect(startupWarnings(loadConfig({ TRUST_PROXY: 'loopback' }))).toEqual([]);
  });

  it('names every production problem at once', () => {
    const error = configError({
      NODE_ENV: 'production',
      ...SELLER_ENV,
      ...LICENSE_SIGNING_ENV,
      TRUST_PROXY: 'true',
      PAYMENT_SANDBOX: 'true',
    });
    expect(error.problems.map((problem) => problem.split(':')[0])).toEqual([
      'SESSION_SECRET',
      'TRUST_PROXY',
      'PAYMENT_SANDBOX',
    ]);
  });

  it('trusts licence files offline for 30 days unless LICENSE_OFFLINE_DAYS says 1 to 365', () => {
    expect(loadConfig({}).licenseSigning.offlineDays).toBe(30);
    expect(loadConfig({ LICENSE_OFFLINE_DAYS: ' ' }).licenseSigning.offlineDays).toBe(30);
    expect(loadConfig({ LICENSE_OFFLINE_DAYS: '7' }).licenseSigning.offlineDays).toBe(7);
    for (const bad of ['0', '366', '2.5', 'a month'])
      expect(configError({ LICENSE_OFFLINE_DAYS: bad }).message).toContain('LICENSE_OFFLINE_DAYS');
  });

  it('turns demo seeding off with SEED_DEMO=false', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});

describe('resolveSessionSecret', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps an explicit secret', async () => {
    const config = await resolveSessionSecret(loadConfig({ SESSION_SECRET: SECRET }));
    expect(config.sessionSecret).toBe(SECRET);
  });

  it('creates one private secret per data dir in development and reuses it', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cadran-secret-'));
    const first = await resolveSessionSecret(loadConfig({ DATA_DIR: dir }));
    const second = await resolveSessionSecret(loadConfig({ DATA_DIR: dir }));
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    const file = path.join(dir, '.session-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(first.sessionSecret);
    expect((await stat(file)).mode & 0o077).toBe(0);
  });
});

describe('the seller printed on invoices', () => {
  const production = { NODE_ENV: 'production', SESSION_SECRET: SECRET };

  it('refuses to start in production without it, naming every missing variable', () => {
    const error = configError(production);
    for (const name of Object.keys(SELLER_ENV)) {
      expect(error.problems).toContainEqual(
        expect.stringMatching(new RegExp(`^${name}: required in production`)),
      );
    }
  });

  it('refuses a SIREN whose check digit is wrong and a VAT number of another SIREN', () => {
    expect(
      configError({
        ...production,
        ...SELLER_ENV,
        ...LICENSE_SIGNING_ENV,
        SELLER_SIREN: '912345676',
      }).message,
    ).toMatch(/SELLER_SIREN: must be a SIREN/);
    expect(
      configError({
        ...production,
        ...SELLER_ENV,
        ...LICENSE_SIGNING_ENV,
        SELLER_VAT_NUMBER: 'FR66912345675',
      }).problems,
    ).toEqual([
      expect.stringMatching(/^SELLER_VAT_NUMBER: must be the French VAT number .*FR65912345675/),
    ]);
  });

  it('reads it from the environment in production', () => {
    const { seller } = loadConfig({
      ...production,
      ...SELLER_ENV,
      ...LICENSE_SIGNING_ENV,
      SELLER_VAT_NUMBER: 'fr 65 912345675',
    });
    expect(seller).toEqual({
      name: 'Horlogerie Numérique SAS',
      legalForm: 'SAS',
      shareCapitalCents: 2_500_000,
      addressLines: ['8 quai des Célestins'],
      postalCode: '75004',
      city: 'Paris',
      country: 'FR',
      siren: '912345675',
      rcsCity: 'Paris',
      vatNumber: 'FR65912345675',
      email: 'support@cadran.fr',
    });
  });

  it('gives the invoices the one support address, and refuses the former seller address setting', () => {
    const { seller, supportEmail } = loadConfig({ SUPPORT_EMAIL: 'aide@horlogerie.example' });
    expect(seller.email).toBe('aide@horlogerie.example');
    expect(supportEmail).toBe('aide@horlogerie.example');
    // The pages show the setting too: another address is nothing to warn about.
    expect(startupWarnings(loadConfig({ SUPPORT_EMAIL: 'aide@horlogerie.example' }))).toEqual([]);
    expect(startupWarnings(loadConfig({}))).toEqual([]);
    expect(() => loadConfig({ SELLER_EMAIL: 'compta@horlogerie.example' })).toThrow(
      /SELLER_EMAIL: no longer read; invoices print the support address, set SUPPORT_EMAIL/,
    );
  });

  it('records the option for VAT on debits only when set, and refuses a value that is not a flag', () => {
    expect(loadConfig({ SELLER_VAT_ON_DEBITS: 'true' }).seller.vatOnDebits).toBe(true);
    expect(loadConfig({ SELLER_VAT_ON_DEBITS: 'false' }).seller.vatOnDebits).toBeUndefined();
    expect(() => loadConfig({ SELLER_VAT_ON_DEBITS: 'sometimes' })).toThrow(/SELLER_VAT_ON_DEBITS/);
  });

  it('uses the demo company outside production, whose identifiers pass the checks', () => {
    const { seller, bankAccount } = loadConfig({});
    expect(seller).toEqual({ ...DEMO_SELLER, iban: bankAccount?.iban });
    expect(isValidSiren(seller.siren)).toBe(true);
    expect(isFrenchVatNumberOf(seller.vatNumber, seller.siren)).toBe(true);
  });
});
