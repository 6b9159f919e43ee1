import { Suspense, useState } from 'react';
import styled from 'styled-components';
import { Badge, Button, ErrorPanel, errorMessage, lazyPart, MutedText, toast } from '@app/shared';
import { formatDateTimeLong } from '@app/shared/format/format';
import type { MailThread, RecordMail } from '@app/shared/forms';
import { downloadMailOriginal } from '../api/download-mail-original';
import { useRecordMails, type MailRecordKind } from '../api/get-record-mails';

const StyledThreads = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

const StyledThread = styled.li`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
`;

const StyledToggle = styled.button`
  all: unset;
  box-sizing: border-box;
  width: 100%;
  cursor: pointer;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(3)};
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: -2px; }
  strong { overflow-wrap: anywhere; }
`;

const StyledMeta = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85rem;
  overflow-wrap: anywhere;
`;

const StyledMails = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0 ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(3)};
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

const StyledMail = styled.li`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding-top: ${({ theme }) => theme.space(2)};
`;

const StyledBody = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  max-height: 24rem;
  overflow: auto;
`;

const StyledRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

const StyledFolded = styled.button`
  all: unset;
  cursor: pointer;
  display: block;
  width: 100%;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.textMuted};
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; }
`;

const EmailDialog = lazyPart(() => import('./email-dialog'), 'EmailDialog');

const sender = (mail: RecordMail) => mail.from.name || mail.from.address || 'Unknown sender';
const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

function DeliveryBadge({ mail }: { mail: RecordMail }) {
  if (!mail.delivery) return null;
  if (mail.delivery.status === 'sent') return <Badge $tone="success">Sent</Badge>;
  if (mail.delivery.status === 'queued')
    return <Badge $tone="warning">{mail.delivery.attempts > 0 ? `Sending (tried ${mail.delivery.attempts} times)` : 'Sending'}</Badge>;
  return <Badge $tone="danger">Not sent: {mail.delivery.error ?? 'the mailbox refused it'}</Badge>;
}

/** One mail, open: who wrote it to whom and when, its text (never markup), its attachments and its original. */
function OpenMail({ kind, recordId, mail }: { kind: MailRecordKind; recordId: string; mail: RecordMail }) {
  const download = () =>
    downloadMailOriginal(kind, recordId, mail.id).catch((error: unknown) =>
      toast({ title: 'Could not download the mail', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    );
  return (
    <>
      <StyledRow>
        <strong>{sender(mail)}</strong>
        {mail.from.name && <StyledMeta>&lt;{mail.from.address}&gt;</StyledMeta>}
        <DeliveryBadge mail={mail} />
      </StyledRow>
      <StyledMeta as="p">
        {mail.direction === 'sent' ? 'Sent' : 'Received'} {formatDateTimeLong(mail.sent_at)} · to {mail.to.map((to) => to.address).join(', ') || 'no one'}
        {mail.cc.length > 0 && ` · cc ${mail.cc.map((cc) => cc.address).join(', ')}`}
      </StyledMeta>
      <StyledBody dir="auto">{mail.body || '(no text)'}</StyledBody>
      {mail.body_truncated && <MutedText>The text is longer than shown: the whole mail is in its original.</MutedText>}
      {mail.attachments.length > 0 && (
        <ul aria-label="Attachments">
          {mail.attachments.map((file, index) => (
            <li key={`${file.filename}-${index}`}>
              {file.filename}{' '}
              <StyledMeta>
                ({file.content_type}, {sizeText(file.size)})
              </StyledMeta>
            </li>
          ))}
        </ul>
      )}
      {mail.original_size > 0 && (
        <Button $variant="secondary" $size="sm" type="button" onClick={() => void download()}>
          Download original
        </Button>
      )}
    </>
  );
}

/** A conversation, folded to its subject, its last sender and time; open, its earlier mails fold to one line each. */
function Thread({ kind, recordId, thread, onReply }: { kind: MailRecordKind; recordId: string; thread: MailThread; onReply?: (mail: RecordMail) => void }) {
  const [open, setOpen] = useState(false);
  const [unfolded, setUnfolded] = useState<Set<string>>(new Set());
  const last = thread.mails[thread.mails.length - 1];
  const panelId = `mail-thread-${thread.key.replace(/[^\w-]/g, '_')}`;
  return (
    <StyledThread>
      <StyledToggle type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <strong>{thread.subject || '(no subject)'}</strong>
        <StyledMeta>
          {sender(last)} · {formatDateTimeLong(last.sent_at)}
          {thread.mails.length > 1 ? ` · ${thread.mails.length} mails` : ''}
        </StyledMeta>
      </StyledToggle>
      {open && (
        <StyledMails id={panelId} aria-label={`Mails of ${thread.subject || 'the conversation'}`}>
          {thread.mails.map((mail) => (
            <StyledMail key={mail.id}>
              {mail === last || unfolded.has(mail.id) ? (
                <OpenMail kind={kind} recordId={recordId} mail={mail} />
              ) : (
                <StyledFolded type="button" onClick={() => setUnfolded(new Set([...unfolded, mail.id]))}>
                  {sender(mail)} · {formatDateTimeLong(mail.sent_at)} · {mail.body.slice(0, 120)}
                </StyledFolded>
              )}
            </StyledMail>
          ))}
          {onReply && (
            <li>
              <Button $variant="secondary" $size="sm" type="button" onClick={() => onReply(last)}>
                Reply
              </Button>
            </li>
          )}
        </StyledMails>
      )}
    </StyledThread>
  );
}

/** A record's mail: its conversations, newest first, each folded until opened; Reply answers in the conversation. */
export function RecordMails({ tenantId, kind, id, name }: { tenantId: string; kind: MailRecordKind; id: string; name: string }) {
  const { data, isPending, isError, error, refetch } = useRecordMails(tenantId, kind, id);
  const [replyTo, setReplyTo] = useState<RecordMail | null>(null);
  if (isPending) return <MutedText>Loading mail...</MutedText>;
  if (isError) return <ErrorPanel title="Could not load the mail" message={errorMessage(error, 'Please try again.')} onRetry={() => void refetch()} />;
  if (data.threads.length === 0) return <MutedText>No mail yet. Mail from a connected mailbox to or from this record&apos;s address shows here.</MutedText>;
  return (
    <>
      <StyledThreads aria-label="Mail">
        {data.threads.map((thread) => (
          <Thread key={thread.key} kind={kind} recordId={id} thread={thread} onReply={setReplyTo} />
        ))}
      </StyledThreads>
      <Suspense fallback={null}>
        {replyTo && <EmailDialog tenantId={tenantId} kind={kind} id={id} name={name} replyTo={replyTo} onDismiss={() => setReplyTo(null)} />}
      </Suspense>
    </>
  );
}
