import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { ApiError, EmptyState, errorMessage, ErrorPanel, MutedText, toast } from '@app/shared';
import { CardGrid } from '@app/shared/ui/card-layout';
import { LoadingState } from '@app/shared/ui/loading-state';
import { RefreshButton } from '@app/shared/ui/refresh-button';
import { ConfirmDialog } from '@app/shared/staff';
import { type SupportMessage } from '@app/shared/forms';
import { PageLayout } from '../../../components/page-layout';
import { useDeleteMessage } from '../api/delete-message';
import { useMessages } from '../api/get-messages';
import { useSolveMessage } from '../api/solve-message';
import { ConvertMessageDialog } from './convert-message-dialog';
import { MessageCard } from './message-card';

const StyledCount = styled(MutedText)`
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

export const NO_ACCESS_TITLE = 'No access to website messages';

type Pending = { kind: 'solve' | 'convert' | 'delete'; message: SupportMessage } | null;

export function MessagesView() {
  const messages = useMessages();
  const solve = useSolveMessage();
  const remove = useDeleteMessage();
  const [pending, setPending] = useState<Pending>(null);
  const close = () => setPending(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [removed, setRemoved] = useState(0);

  // The button that opened the confirmation left with its card; focus goes to the page title
  // instead of falling back to the document body.
  useEffect(() => {
    if (removed > 0) headingRef.current?.focus();
  }, [removed]);

  const onRemoved = (answer: { message: string }) => {
    toast({ title: 'Success', description: answer.message, variant: 'success' });
    setRemoved((count) => count + 1);
  };

  const refresh = async () => {
    const result = await messages.refetch();
    if (result.isError) toast({ title: 'Error', description: errorMessage(result.error, 'Failed to refresh messages'), variant: 'destructive' });
  };

  const confirmSolve = (message: SupportMessage) =>
    solve.mutate(message.id, {
      onSuccess: onRemoved,
      onError: (failure) => toast({ title: 'Error', description: errorMessage(failure, 'Failed to mark message as solved'), variant: 'destructive' }),
      onSettled: close,
    });

  const confirmDelete = (message: SupportMessage) =>
    remove.mutate(message.id, {
      onSuccess: onRemoved,
      onError: (failure) => toast({ title: 'Error', description: errorMessage(failure, 'Failed to delete message'), variant: 'destructive' }),
      onSettled: close,
    });

  let content: ReactNode;
  if (messages.isPending) content = <LoadingState label="Loading messages..." />;
  // Website messages go to one tenant: anyone else is told so, not offered a Retry that cannot help.
  else if (!messages.data && messages.error instanceof ApiError && messages.error.status === 403)
    content = <EmptyState title={NO_ACCESS_TITLE} hint={errorMessage(messages.error, NO_ACCESS_TITLE)} />;
  else if (!messages.data)
    content = (
      <ErrorPanel
        title="Could not load messages"
        message={errorMessage(messages.error, 'Failed to refresh messages')}
        onRetry={() => void messages.refetch()}
      />
    );
  else if (messages.data.length === 0) content = <EmptyState title="No Messages" hint="New messages from the contact form will appear here." />;
  else
    content = (
      <>
        <StyledCount role="status">
          {messages.data.length} unsolved {messages.data.length === 1 ? 'message' : 'messages'}
        </StyledCount>
        <CardGrid aria-label="Customer messages" $min="24rem">
          {messages.data.map((message) => (
            <li key={message.id}>
              <MessageCard
                message={message}
                onSolve={(target) => setPending({ kind: 'solve', message: target })}
                onConvert={(target) => setPending({ kind: 'convert', message: target })}
                onDelete={(target) => setPending({ kind: 'delete', message: target })}
              />
            </li>
          ))}
        </CardGrid>
      </>
    );

  return (
    <PageLayout
      title="Customer Messages"
      headingRef={headingRef}
      description="Unsolved messages sent through the contact form, newest first."
      actions={<RefreshButton onRefresh={() => void refresh()} refreshing={messages.isFetching && !messages.isPending} />}
    >
      {content}
      <ConfirmDialog
        isOpen={pending?.kind === 'solve'}
        title="Mark as Solved"
        message={
          pending?.kind === 'solve'
            ? `Are you sure you want to mark the message from ${pending.message.name} as solved? This will remove it from the active messages list.`
            : ''
        }
        confirmLabel="Mark as Solved"
        destructive={false}
        busy={solve.isPending}
        onConfirm={() => pending?.kind === 'solve' && confirmSolve(pending.message)}
        onCancel={close}
      />
      {pending?.kind === 'convert' && (
        <ConvertMessageDialog
          message={pending.message}
          onDismiss={close}
          onConverted={() => {
            close();
            setRemoved((count) => count + 1);
          }}
        />
      )}
      <ConfirmDialog
        isOpen={pending?.kind === 'delete'}
        title="Delete Message"
        message={pending?.kind === 'delete' ? `Are you sure you want to delete the message from ${pending.message.name}? This action cannot be undone.` : ''}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => pending?.kind === 'delete' && confirmDelete(pending.message)}
        onCancel={close}
      />
    </PageLayout>
  );
}
