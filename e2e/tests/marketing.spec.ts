import { test, expect, waitForApp } from '../support/fixtures';
import { fillContact, findOutboxMail, text, uniqueMarker } from './marketing-helpers';

// Marketing journeys: the home page (rotating hero, gallery and lightbox, featured licences),
// the contact form (every validation message of docs/product.md 'Contact', a real message reaching
// the outbox, the per-IP limit) and the newsletter double opt-in, in French and English.

for (const lang of ['fr', 'en'] as const) {
  const t = text[lang];

  test.describe(`home page (${lang})`, () => {
    test('the hero turns every 5 s, stops on hover and for reduced motion', async ({
      page,
      gotoIn,
    }) => {
      await page.clock.install();
      await gotoIn('/', lang);
      const showcase = page.getByRole('region', { name: t.showcase });
      const tab = (name: string) => showcase.getByRole('tab', { name, exact: true });
      await expect(tab(t.screens[0])).toHaveAttribute('aria-selected', 'true');

      await page.clock.runFor(5_100);
      await expect(tab(t.screens[1])).toHaveAttribute('aria-selected', 'true');

      await showcase.getByRole('tabpanel').hover();
      await page.clock.runFor(12_000);
      await expect(tab(t.screens[1])).toHaveAttribute('aria-selected', 'true');

      await page.mouse.move(0, 0);
      await page.clock.runFor(5_100);
      await expect(tab(t.screens[2])).toHaveAttribute('aria-selected', 'true');

      // The pause button stops it for good, even once the pointer and focus have left.
      await showcase.getByRole('button', { name: t.pause }).click();
      await page.mouse.move(0, 0);
      await page.getByRole('heading', { level: 1 }).click();
      await page.clock.runFor(12_000);
      await expect(tab(t.screens[2])).toHaveAttribute('aria-selected', 'true');
      await expect(showcase.getByRole('button', { name: t.resume })).toBeVisible();

      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.reload();
      await expect(showcase.getByRole('button', { name: t.resume })).toBeVisible();
      await page.clock.runFor(12_000);
      await expect(tab(t.screens[0])).toHaveAttribute('aria-selected', 'true');
    });

    test('the gallery works by mouse and by keyboard, with a lightbox', async ({
      page,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      await gotoIn('/', lang);
      const thumbnail = (name: string) => page.getByRole('button', { name, exact: true });

      // Mouse: next, a thumbnail, then the lightbox and its own arrows.
      await page.getByRole('button', { name: t.next, exact: true }).click();
      await expect(thumbnail(t.screens[1])).toHaveAttribute('aria-current', 'true');
      await page.getByRole('button', { name: t.previous, exact: true }).click();
      await expect(thumbnail(t.screens[0])).toHaveAttribute('aria-current', 'true');
      await thumbnail(t.screens[3]).click();
      await expect(thumbnail(t.screens[3])).toHaveAttribute('aria-current', 'true');

      await page.getByRole('button', { name: t.enlarge(t.screens[3]) }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: t.screens[3] })).toBeVisible();
      await expectNoA11yViolations();
      await dialog.getByRole('button', { name: t.next }).click();
      await expect(dialog.getByRole('heading', { name: t.screens[0] })).toBeVisible();
      await dialog.getByRole('button', { name: t.close }).click();
      await expect(dialog).toBeHidden();
      await expect(thumbnail(t.screens[0])).toHaveAttribute('aria-current', 'true');

      // Keyboard: arrows between thumbnails, Enter to enlarge, arrows inside, Escape out.
      await thumbnail(t.screens[0]).focus();
      await page.keyboard.press('ArrowRight');
      await expect(thumbnail(t.screens[1])).toBeFocused();
      await expect(thumbnail(t.screens[1])).toHaveAttribute('aria-current', 'true');

      const enlarge = page.getByRole('button', { name: t.enlarge(t.screens[1]) });
      await enlarge.focus();
      await page.keyboard.press('Enter');
      await expect(dialog.getByRole('heading', { name: t.screens[1] })).toBeVisible();
      await page.keyboard.press('ArrowRight');
      await expect(dialog.getByRole('heading', { name: t.screens[2] })).toBeVisible();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect(dialog.getByRole('heading', { name: t.screens[0] })).toBeVisible();
      // Focus stays inside: Tab from the last control wraps to the first, Shift+Tab back.
      await dialog.getByRole('button', { name: t.close }).focus();
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: t.previous })).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(dialog.getByRole('button', { name: t.close })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: t.enlarge(t.screens[0]) })).toBeFocused();
    });

    test('featured licences show, and the section goes when there are none', async ({
      page,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      await gotoIn('/', lang);
      const section = page.getByRole('region', { name: t.featured });
      await expect(section).toBeVisible();
      const cards = section.getByRole('heading', { level: 3 });
      expect(await cards.count()).toBeGreaterThan(0);
      expect(await cards.count()).toBeLessThanOrEqual(3);
      await expect(section.getByText(/€/).first()).toBeVisible();
      await expectNoA11yViolations();

      // They come drawn with the page: the browser asks for nothing. Without any featured
      // licence the server draws no section (apps/server/test/spa-drawn-pages.test.ts).
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/templates')) asked.push(request.url());
      });
      await page.reload();
      await waitForApp(page);
      await expect(section).toBeVisible();
      expect(asked).toEqual([]);
    });
  });

  test.describe(`contact (${lang})`, () => {
    test('every validation message shows for its case', async ({
      page,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      await gotoIn('/contact', lang);
      await page.getByRole('button', { name: t.send }).click();
      for (const message of [t.errors.name, t.errors.email, t.errors.subject, t.errors.message]) {
        await expect(page.getByText(message, { exact: true })).toBeVisible();
      }
      await expect(page.getByRole('textbox', { name: t.name, exact: true })).toBeFocused();
      await expect(page.getByRole('textbox', { name: t.name, exact: true })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await expectNoA11yViolations();

      await page.getByRole('textbox', { name: t.email, exact: true }).fill('claire.martin@');
      await page.getByRole('textbox', { name: t.message, exact: true }).fill('   Bonjour     ');
      await page.getByRole('button', { name: t.send }).click();
      await expect(page.getByText(t.errors.emailFormat, { exact: true })).toBeVisible();
      await expect(page.getByText(t.errors.messageShort, { exact: true })).toBeVisible();

      await page
        .getByRole('textbox', { name: t.email, exact: true })
        .fill('claire.martin@example.fr');
      await page
        .getByRole('textbox', { name: t.message, exact: true })
        .fill('Bonjour, une démonstration ?');
      await expect(page.getByText(t.errors.emailFormat, { exact: true })).toHaveCount(0);
      await expect(page.getByText(t.errors.messageShort, { exact: true })).toHaveCount(0);
    });

    test('a valid message is trimmed, sent and lands in the outbox', async ({ page, gotoIn }) => {
      const marker = uniqueMarker('contact');
      await gotoIn('/contact', lang);
      await fillContact(page, lang, `  Bonjour, nous voulons une démonstration (${marker}).  `);
      await page.getByRole('button', { name: t.send }).click();
      await expect(page.getByRole('status').filter({ hasText: t.sent })).toBeVisible();
      await expect(page.getByRole('textbox', { name: t.message, exact: true })).toHaveValue('');

      const mail = await findOutboxMail(marker);
      expect(mail).toContain('Nom\u00a0: Claire Martin\n');
      expect(mail).toContain('E-mail\u00a0: claire.martin@atelier-lumen.fr\n');
      expect(mail).toContain(`Langue de réponse\u00a0: ${lang === 'fr' ? 'français' : 'anglais'}`);
      // The reference is the id of the stored row: the message is in the database.
      expect(mail).toMatch(/Référence\u00a0: [0-9a-f-]{36}/);
      expect(mail).toContain(`Bonjour, nous voulons une démonstration (${marker}).\n`);
    });

    test('the sixth message within ten minutes is refused with a clear message', async ({
      page,
      gotoIn,
      consoleErrors,
    }) => {
      await gotoIn('/contact', lang);
      for (let i = 1; i <= 5; i += 1) {
        await fillContact(page, lang, `Message numéro ${i} pour tester la limite.`);
        await page.getByRole('button', { name: t.send }).click();
        // This message's own success empties the form: the previous one's status may still
        // show while this one is on its way, and filling the form meanwhile would be undone.
        await expect(page.getByRole('textbox', { name: t.message, exact: true })).toHaveValue('');
        await expect(page.getByRole('status').filter({ hasText: t.sent })).toBeVisible();
      }
      await fillContact(page, lang, 'Message numéro 6 pour tester la limite.');
      await page.getByRole('button', { name: t.send }).click();
      await expect(page.getByRole('alert').filter({ hasText: t.rateLimited })).toBeVisible();
      await expect(page.getByRole('textbox', { name: t.message, exact: true })).toHaveValue(
        'Message numéro 6 pour tester la limite.',
      );
      // The browser reports the refused request itself; that one is expected.
      const expected = consoleErrors.filter((line) => /status of 429/.test(line));
      expect(expected.length).toBeLessThanOrEqual(1);
      consoleErrors.splice(
        0,
        consoleErrors.length,
        ...consoleErrors.filter((line) => !expected.includes(line)),
      );
    });

    test('the footer FAQ link lands on the questions, on a phone too', async ({
      page,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await gotoIn('/contact#faq', lang);
      await expect(page.locator('#faq')).toBeInViewport();
      await expectNoA11yViolations();
      await gotoIn('/', lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expectNoA11yViolations();
    });
  });

  test.describe(`features and about (${lang})`, () => {
    test('read well on a desktop and a phone, with a real comparison table', async ({
      page,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      for (const width of [1440, 360]) {
        await page.setViewportSize({ width, height: 900 });
        await gotoIn('/features', lang);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        const table = page.getByRole('table');
        await expect(table.getByRole('columnheader')).toHaveCount(4);
        await expect(table.getByRole('rowheader')).toHaveCount(10);
        // Fits the screen: nothing scrolls sideways, not even on a 360 px phone.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await expectNoA11yViolations();

        await gotoIn('/about', lang);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expect(
          page.getByRole('listitem').filter({ has: page.locator('time[datetime="2020"]') }),
        ).toHaveCount(1);
        await expect(
          page.getByRole('listitem').filter({ has: page.locator('time[datetime="2024"]') }),
        ).toHaveCount(1);
        await expectNoA11yViolations();
      }
    });
  });

  test.describe(`newsletter (${lang})`, () => {
    test('subscribes, clears the message after 5 s, and the mailed link confirms', async ({
      page,
      gotoIn,
      expectNoA11yViolations,
    }) => {
      const address = `${uniqueMarker('news')}@example.fr`;
      await page.clock.install();
      await gotoIn('/about', lang);
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('textbox', { name: t.newsletterEmail }).fill(address.toUpperCase());
      await footer.getByRole('button', { name: t.subscribe }).click();
      const status = footer.getByRole('status');
      await expect(status).toHaveText(t.subscribed);
      await expect(footer.getByRole('textbox', { name: t.newsletterEmail })).toHaveValue('');
      // Second by second on the page's clock: the message stays about 5 s, then goes.
      let seconds = 0;
      while ((await status.textContent()) !== '' && seconds < 10) {
        await page.clock.runFor(1_000);
        seconds += 1;
      }
      expect(seconds).toBeGreaterThanOrEqual(5);
      expect(seconds).toBeLessThanOrEqual(6);
      await expect(status).toHaveText('');

      const mail = await findOutboxMail(`To: ${address}`);
      // The link leads to the confirmation page in the subscriber's language.
      const link = /https?:\/\/[^/\s]+((?:\/en)?\/newsletter\/confirm\?token=[^\s"<]+)/.exec(mail);
      expect(link).not.toBeNull();
      expect(link![1]!.startsWith(lang === 'en' ? '/en/newsletter/' : '/newsletter/')).toBe(true);
      await page.goto(link![1]!);
      await expect(page.getByRole('heading', { level: 1, name: t.confirmed })).toBeVisible();
      await expectNoA11yViolations();
    });

    test('an empty address is refused without a call, and a forged link is refused', async ({
      page,
      gotoIn,
      consoleErrors,
      expectNoA11yViolations,
    }) => {
      await gotoIn('/', lang);
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('button', { name: t.subscribe }).click();
      await expect(footer.getByRole('status')).toHaveText(t.errors.email);

      await gotoIn(
        '/newsletter/confirm?token=00000000-0000-4000-8000-000000000000.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        lang,
      );
      await expect(page.getByRole('heading', { level: 1, name: t.invalidLink })).toBeVisible();
      await expectNoA11yViolations();
      const expected = consoleErrors.filter((line) => /status of 400/.test(line));
      consoleErrors.splice(
        0,
        consoleErrors.length,
        ...consoleErrors.filter((line) => !expected.includes(line)),
      );
    });
  });
}
