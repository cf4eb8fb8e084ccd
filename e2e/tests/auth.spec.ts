import { test, expect, type Lang } from '../support/fixtures';
import { fieldLabel, readLocale } from '../support/locales';

// Accounts journey (docs/product.md 'Accounts and sessions', 'Client area'), in French and
// English: the former /account page leads to the client area, where an account is created,
// signed out, signed back in by keyboard, and stays signed in after a reload; the cookie is
// HttpOnly and every view passes axe-core.

type AuthCopy = {
  tabs: Record<'login' | 'register', string>;
  fields: Record<string, string>;
  login: { submit: string; remember: string };
  register: { submit: string; termsBefore: string };
  session: { logout: string; connectedAs: string };
};
type ClientCopy = {
  signIn: { title: string };
  register: { title: string };
  dashboard: { title: string; hello: string };
  shell: { signOut: string };
};

const copy = (lang: Lang) => readLocale<AuthCopy>(lang, 'auth');
const clientCopy = (lang: Lang) => readLocale<ClientCopy>(lang, 'client');

for (const lang of ['fr', 'en'] as const) {
  test.describe(`accounts (${lang})`, () => {
    test('register in the client area, log out, log back in, reload and stay logged in', async ({
      page,
      context,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      const t = copy(lang);
      const c = clientCopy(lang);
      const email = `e2e.${lang}.${Date.now()}@exemple.fr`;
      const password = 'Cadran-Sablier-2026';
      const hello = c.dashboard.hello.replace('{{name}}', 'Camille');
      const h1 = page.getByRole('heading', { level: 1 });

      // The former account page sends the visitor to the client area, which asks to sign in.
      await page.addInitScript((value) => window.localStorage.setItem('language', value), lang);
      await gotoIn('/account', lang);
      await expect(page).toHaveURL(/\/client\/sign-in\?next=/);
      await expect(h1).toHaveText(c.signIn.title);
      await expect(page).toHaveTitle(`${c.signIn.title} · Cadran`);
      await expectNoA11yViolations();

      // Register (the fields of docs/product.md 'Accounts and sessions' ('Register')).
      await page.getByRole('link', { name: t.tabs.register }).first().click();
      await expect(h1).toHaveText(c.register.title);
      const form = page.getByRole('main');
      const field = (key: string) => form.getByLabel(fieldLabel(t.fields[key]!));
      await field('firstname').fill('Camille');
      await field('lastname').fill('Martin');
      await field('company').fill('Atelier Martin');
      await field('phone').fill('+33 6 12 34 56 78');
      await field('email').fill(email);
      await field('address').fill('12 rue de la Paix');
      await field('city').fill('Paris');
      await field('postal_code').fill('75002');
      await expect(field('country')).toHaveValue('FR');
      await field('password').fill(password);
      await field('password_confirmation').fill(password);
      const submit = form.getByRole('button', { name: t.register.submit });
      await expect(submit).toBeDisabled();
      await expectNoA11yViolations();
      await form.getByRole('checkbox', { name: new RegExp(t.register.termsBefore.trim()) }).check();
      await submit.click();

      await expect(h1).toHaveText(c.dashboard.title);
      await expect(page.getByText(hello)).toBeVisible();
      await expectNoA11yViolations();

      const session = (await context.cookies()).find((cookie) => cookie.name === 'cadran_session');
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(session?.expires).toBe(-1);

      // Log out: back to the sign-in screen, and the session is gone.
      await page.getByRole('button', { name: c.shell.signOut }).click();
      await expect(h1).toHaveText(c.signIn.title);
      expect((await context.cookies()).some((cookie) => cookie.name === 'cadran_session')).toBe(
        false,
      );

      // Log back in with the keyboard only, remembered for 30 days.
      const login = page.getByRole('main');
      await login.getByLabel(fieldLabel(t.fields.email!)).focus();
      await page.keyboard.type(email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(password);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await expect(login.getByRole('checkbox', { name: t.login.remember })).toBeChecked();
      await page.keyboard.press('Enter');
      await expect(h1).toHaveText(c.dashboard.title);
      await expect(page.getByText(hello)).toBeVisible();
      const remembered = (await context.cookies()).find(
        (cookie) => cookie.name === 'cadran_session',
      );
      expect(remembered?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 29 * 86_400);

      // Reload: the cookie keeps the visitor signed in.
      await page.reload();
      await expect(h1).toHaveText(c.dashboard.title);
      await expect(page.getByText(hello)).toBeVisible();
    });

    test('the sign-in and register forms show their rules without calling the server', async ({
      page,
    }) => {
      const t = copy(lang);
      const requests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/auth/')) requests.push(request.url());
      });
      await page.addInitScript((value) => window.localStorage.setItem('language', value), lang);
      await page.goto('/client/sign-in');
      await page.getByRole('main').getByRole('button', { name: t.login.submit }).click();
      await expect(page.getByRole('alert')).toHaveText(
        lang === 'fr' ? /Veuillez remplir tous les champs/ : /Please fill in all fields/,
      );

      await page.getByRole('link', { name: t.tabs.register }).first().click();
      const form = page.getByRole('main');
      // The sign-in form has a password field too: fill only once the register form is shown.
      const confirmation = form.getByLabel(fieldLabel(t.fields.password_confirmation!));
      await expect(confirmation).toBeVisible();
      await form.getByLabel(fieldLabel(t.fields.password!)).fill('Cadran-Sablier-2026');
      await confirmation.fill('Autre-chose-2026');
      await form.getByRole('checkbox', { name: new RegExp(t.register.termsBefore.trim()) }).check();
      await form.getByRole('button', { name: t.register.submit }).click();
      await expect(
        form.getByText(
          lang === 'fr' ? 'Les mots de passe ne correspondent pas' : 'Passwords do not match',
        ),
      ).toBeVisible();
      expect(requests).toEqual([]);
    });
  });
}
