import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { Container } from '@/components/ui/container';
import { Logo } from '@/components/ui/logo';
import { logger } from '@/lib/logger';

/**
 * After a deployment, an open tab may ask for page chunks that no longer exist. Reloading
 * fetches the new version, so those get their own message.
 */
export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

function describe(error: unknown): Record<string, unknown> {
  if (isRouteErrorResponse(error)) return { status: error.status, statusText: error.statusText };
  if (error instanceof Error)
    return { name: error.name, message: error.message, stack: error.stack };
  return { value: String(error) };
}

function ErrorContent() {
  const error = useRouteError();
  const { t } = useTranslation();
  const stale = isStaleChunkError(error);

  useEffect(() => {
    logger.error(stale ? 'Stale page chunk' : 'Page failed to render', {
      error: describe(error),
      path: window.location.pathname,
    });
  }, [error, stale]);

  const title = t(stale ? 'errors.route.staleTitle' : 'errors.route.title');
  return (
    <Container className="py-20 sm:py-28">
      <PageMeta title={title} />
      <div className="max-w-2xl">
        <h1>{title}</h1>
        <p className="mt-5 text-lg leading-8 text-slate-600">
          {t(stale ? 'errors.route.staleDescription' : 'errors.route.description')}
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button onClick={() => window.location.reload()}>{t('errors.route.reload')}</Button>
          <LinkButton to="/" variant="outline" reloadDocument>
            {t('errors.route.home')}
          </LinkButton>
        </div>
      </div>
    </Container>
  );
}

/** Error boundary of each page: the header and footer stay usable around the message. */
export function RouteErrorBoundary() {
  return <ErrorContent />;
}

/** Last resort when the shell itself failed: a standalone page without header or footer. */
export function RootErrorBoundary() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-200">
        <Container className="flex h-16 items-center">
          <a href="/" className="rounded-md">
            <Logo />
          </a>
        </Container>
      </header>
      <main className="flex-1">
        <ErrorContent />
      </main>
    </div>
  );
}
