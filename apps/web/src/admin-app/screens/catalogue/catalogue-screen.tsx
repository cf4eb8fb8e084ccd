import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { adminApi } from '../../api/admin-api';
import {
  TemplateAnswerSchema,
  TemplatesAnswerSchema,
  type Template,
} from '../../api/content-schemas';
import { useAdminResource } from '../../api/use-admin-list';
import { useAdminAction } from '../../api/use-admin-mutation';
import { formatAmount } from '../../format';
import { ScreenHeader } from '../../layout/screen-header';
import { useIsAdmin } from '../../session/session-store';
import { LoadState } from '../../ui/load-state';
import { Panel } from '../../ui/panel';
import { TemplateForm, type templateBody } from './template-form';

type Body = ReturnType<typeof templateBody>;
const KEY = ['admin', 'templates'] as const;

/** The licence templates, published or not; administrators edit them and add new ones. */
export function CatalogueScreen() {
  const { t } = useTranslation('admin-content');
  const { t: ta } = useTranslation('admin');
  const isAdmin = useIsAdmin();
  const query = useAdminResource(['templates'], '/templates', TemplatesAnswerSchema);
  const [selected, setSelected] = useState<number | 'new' | null>(null);
  const save = useAdminAction(
    ({ id, body }: { id: number | 'new'; body: Body }) =>
      id === 'new'
        ? adminApi.post('/templates', body, TemplateAnswerSchema)
        : adminApi.patch(`/templates/${id}`, body, TemplateAnswerSchema),
    [KEY],
  );

  return (
    <>
      <ScreenHeader
        title={t('catalogue.title')}
        description={t('catalogue.intro')}
        actions={
          isAdmin && (
            <Button
              size="sm"
              onClick={() => {
                save.reset();
                setSelected('new');
              }}
            >
              {t('catalogue.create')}
            </Button>
          )
        }
      />
      {save.done && (
        <Alert tone="success" className="mb-4">
          {t('catalogue.saved')}
        </Alert>
      )}
      <LoadState query={query}>
        {({ items: templates }) => {
          const current: Template | undefined = templates.find(
            (template) => template.id === selected,
          );
          return (
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
              <ul className="space-y-2">
                {[...templates]
                  .sort((a, b) => a.sort_order - b.sort_order)
                  .map((template) => (
                    <li key={template.id}>
                      <button
                        type="button"
                        aria-current={selected === template.id || undefined}
                        onClick={() => {
                          save.reset();
                          setSelected(template.id);
                        }}
                        className={cn(
                          'w-full rounded-xl border bg-white p-3 text-left shadow-sm hover:border-brand-300',
                          selected === template.id
                            ? 'border-brand-500 ring-1 ring-brand-500'
                            : 'border-slate-200',
                        )}
                      >
                        <span className="flex items-center justify-between gap-2">
                          <span className="font-semibold text-slate-900">{template.name_fr}</span>
                          <span className="text-sm tabular-nums">
                            {formatAmount(template.price)}
                          </span>
                        </span>
                        <span className="mt-1 flex flex-wrap gap-1.5 text-xs text-slate-600">
                          {ta(`status.cycle.${template.billing_cycle}`)}
                          <Badge tone={template.published ? 'success' : 'neutral'}>
                            {template.published
                              ? t('catalogue.isPublished')
                              : t('catalogue.isDraft')}
                          </Badge>
                          {template.featured && (
                            <Badge tone="brass">{t('catalogue.featured')}</Badge>
                          )}
                        </span>
                      </button>
                    </li>
                  ))}
              </ul>
              <div className="lg:col-span-2">
                {selected === null ? (
                  <p className="rounded-card border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">
                    {t('catalogue.pick')}
                  </p>
                ) : (
                  <Panel title={current ? current.name_fr : t('catalogue.create')}>
                    {isAdmin ? (
                      <TemplateForm
                        key={String(selected)}
                        {...(current ? { template: current } : {})}
                        pending={save.pending}
                        failure={save.failure}
                        onSubmit={(body) =>
                          void save.run({ id: selected, body }).then((answer) => {
                            // A new template stays open, as the one now saved.
                            if (answer) setSelected(answer.template.id);
                          })
                        }
                      />
                    ) : (
                      current && <TemplateSummary template={current} />
                    )}
                  </Panel>
                )}
              </div>
            </div>
          );
        }}
      </LoadState>
    </>
  );
}

function TemplateSummary({ template }: { template: Template }) {
  return (
    <div className="grid gap-4 text-sm md:grid-cols-2">
      <div lang="fr">
        <p className="text-slate-700">{template.description_fr}</p>
        <ul className="mt-2 list-disc pl-5">
          {template.features_fr.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <div lang="en">
        <p className="font-semibold">{template.name_en}</p>
        <p className="text-slate-700">{template.description_en}</p>
        <ul className="mt-2 list-disc pl-5">
          {template.features_en.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
