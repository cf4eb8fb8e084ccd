import { STAFF_REPLY_MAX } from '@cadran/domain/staff-messages';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { inputClasses } from '@/components/form/form-field';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { adminApi } from '../../api/admin-api';
import {
  MessageDetailSchema,
  ReplyAnswerSchema,
  type MessageDetail,
} from '../../api/content-schemas';
import { useAdminResource } from '../../api/use-admin-list';
import { useAdminAction } from '../../api/use-admin-mutation';
import { formatWhen, subjectLabel } from '../../format';
import { BackLink, ScreenHeader } from '../../layout/screen-header';
import { LoadState } from '../../ui/load-state';
import { Facts, Panel } from '../../ui/panel';
import { StatusBadge } from '../../ui/status-badge';

/** One message, its replies, and the reply form (the sender gets it by e-mail in their language). */
export function MessageDetailScreen() {
  const { id = '' } = useParams();
  const query = useAdminResource(['message', id], `/messages/${id}`, MessageDetailSchema);
  return (
    <LoadState query={query}>
      {({ message }) => <MessageView id={id} message={message} />}
    </LoadState>
  );
}

function MessageView({ id, message }: { id: string; message: MessageDetail }) {
  const { t } = useTranslation('admin-content');
  const fieldId = useId();
  const [body, setBody] = useState('');
  const changed = [
    ['admin', 'message', id],
    ['admin', 'messages'],
    ['admin', 'dashboard'],
  ] as const;
  const reply = useAdminAction(
    (text: string) => adminApi.post(`/messages/${id}/reply`, { body: text }, ReplyAnswerSchema),
    changed,
  );
  const archive = useAdminAction(
    () => adminApi.patch(`/messages/${id}`, { status: 'archived' }, MessageDetailSchema),
    changed,
  );

  return (
    <>
      <BackLink to="/messages">{t('messages.back')}</BackLink>
      <ScreenHeader
        title={message.subject ? subjectLabel(message.subject) : t('messages.noSubject')}
        description={formatWhen(message.created_at)}
        actions={
          message.status !== 'archived' && (
            <Button
              size="sm"
              variant="outline"
              loading={archive.pending}
              onClick={() => void archive.run(undefined)}
            >
              {t('messages.archive')}
            </Button>
          )
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Panel title={t('messages.message')}>
            <p className="leading-7 whitespace-pre-line text-slate-800">{message.message}</p>
          </Panel>
          <Panel title={t('messages.history')}>
            {message.replies.length === 0 ? (
              <p className="text-sm text-slate-600">{t('messages.noReplies')}</p>
            ) : (
              <ol className="space-y-4">
                {message.replies.map((answer) => (
                  <li key={answer.at} className="rounded-xl bg-brand-50 p-4 text-sm">
                    <p className="text-slate-600">
                      {t('messages.repliedBy', {
                        email: answer.staff_email,
                        when: formatWhen(answer.at),
                      })}
                    </p>
                    <p className="mt-2 whitespace-pre-line text-slate-900">{answer.body}</p>
                  </li>
                ))}
              </ol>
            )}
          </Panel>
          <Panel title={t('messages.reply')}>
            <form
              className="space-y-3"
              onSubmit={(event) => {
                event.preventDefault();
                if (body.trim()) void reply.run(body.trim()).then((done) => done && setBody(''));
              }}
            >
              {reply.failure && <Alert tone="error">{reply.failure.message}</Alert>}
              {reply.result && <Alert tone="success">{reply.result.notice}</Alert>}
              <label htmlFor={fieldId} className="block text-sm font-semibold text-slate-900">
                {t('messages.replyLabel', { email: message.email })}
              </label>
              <textarea
                id={fieldId}
                rows={6}
                required
                maxLength={STAFF_REPLY_MAX}
                value={body}
                onChange={(event) => setBody(event.target.value)}
                className={inputClasses(false)}
              />
              <div className="flex justify-end">
                <Button type="submit" loading={reply.pending} disabled={!body.trim()}>
                  {t('messages.send')}
                </Button>
              </div>
            </form>
          </Panel>
        </div>
        <Panel title={t('messages.sender')}>
          <Facts
            items={[
              [t('messages.from'), message.name || '—'],
              [t('messages.email'), message.email],
              [t('messages.company'), message.company || '—'],
              [
                t('messages.status'),
                <StatusBadge key="s" group="message" value={message.status} />,
              ],
            ]}
          />
        </Panel>
      </div>
    </>
  );
}
