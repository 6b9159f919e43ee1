import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Card, errorMessage, MutedText, TextAreaField, TextField, toast, useSelectedTenantId } from '@app/shared';
import { ConfirmDialog, Dialog, DialogCancel, DialogFooter } from '@app/shared/staff';
import { MERGE_FIELD_LABELS, MERGE_FIELDS, maxLengthOf, mailTemplateWriteSchema, type MailTemplate } from '@app/shared/forms';
import { StyledFormError, StyledFormStack } from '../../../components/layout';
import { useDeleteMailTemplate, useMailTemplates, useSaveMailTemplate } from '../api/mail-templates';

const StyledCard = styled(Card)`
  h2 { font-size: 1.1rem; margin: 0 0 ${({ theme }) => theme.space(3)}; }
`;

const StyledRows = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => theme.space(2)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  li > span { flex: 1 1 12rem; min-width: 0; overflow-wrap: anywhere; }
  small { display: block; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const StyledFields = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(4)};
  font-size: 0.85rem;
  code { font-family: ${({ theme }) => theme.fonts.mono}; }
`;

const NAME_MAX = maxLengthOf(mailTemplateWriteSchema.shape.name);
const SUBJECT_MAX = maxLengthOf(mailTemplateWriteSchema.shape.subject);
const BODY_MAX = maxLengthOf(mailTemplateWriteSchema.shape.body);
type Field = 'name' | 'subject' | 'body';
type Errors = Partial<Record<Field | 'form', string>>;
const fieldOf = (message: string): Field | 'form' => {
  const name = /^(\w+): /.exec(message)?.[1];
  return name === 'name' || name === 'subject' || name === 'body' ? name : 'form';
};

/** Writes a template: name, subject and body, the merge fields listed; checked by the server's contract before it is sent. */
function TemplateDialog({ tenantId, template, onDismiss }: { tenantId: string; template: MailTemplate | null; onDismiss: () => void }) {
  const [name, setName] = useState(template?.name ?? '');
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [body, setBody] = useState(template?.body ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveMailTemplate(tenantId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { tenant_id: tenantId, name, subject, body };
    const checked = mailTemplateWriteSchema.safeParse(input);
    if (!checked.success) {
      const next: Errors = {};
      for (const issue of checked.error.issues) {
        const field = fieldOf(issue.message) === 'form' ? (String(issue.path[0]) as Field) : fieldOf(issue.message);
        next[field] ??= issue.message.replace(/^\w+: /, '');
      }
      setErrors(next);
      return;
    }
    save.mutate(
      { id: template?.id ?? null, body: input },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: template ? 'Mail template saved' : 'Mail template created', variant: 'success' });
          onDismiss();
        },
        onError: (error) => {
          const message = errorMessage(error, 'The template could not be saved.');
          setErrors({ [fieldOf(message)]: message.replace(/^\w+: /, '') });
        },
      },
    );
  };
  const dirty = name !== (template?.name ?? '') || subject !== (template?.subject ?? '') || body !== (template?.body ?? '');
  return (
    <Dialog isOpen onDismiss={onDismiss} title={template ? 'Edit Mail Template' : 'New Mail Template'} width="40rem" dirty={dirty}>
      <StyledFormStack onSubmit={submit} noValidate>
        <TextField label="Name" value={name} maxLength={NAME_MAX} error={errors.name} onChange={(event) => setName(event.target.value)} />
        <TextField label="Subject" value={subject} maxLength={SUBJECT_MAX} error={errors.subject} onChange={(event) => setSubject(event.target.value)} />
        <TextAreaField label="Body" rows={10} value={body} maxLength={BODY_MAX} error={errors.body} onChange={(event) => setBody(event.target.value)} />
        <div>
          <MutedText>Merge fields, filled on the record the mail is written to:</MutedText>
          <StyledFields>
            {MERGE_FIELDS.map((field) => (
              <li key={field}>
                <code>{`{{${field}}}`}</code> {MERGE_FIELD_LABELS[field]}
              </li>
            ))}
          </StyledFields>
        </div>
        {errors.form && <StyledFormError role="alert">{errors.form}</StyledFormError>}
        <DialogFooter>
          <DialogCancel />
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Template'}
          </Button>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}

/** The selected tenant's mail templates, offered by Email on every prospect and lead. */
export function MailTemplatesCard() {
  const [tenantId] = useSelectedTenantId();
  if (!tenantId) return null;
  return <TemplatesOfTenant tenantId={tenantId} />;
}

function TemplatesOfTenant({ tenantId }: { tenantId: string }) {
  const templates = useMailTemplates(tenantId);
  const remove = useDeleteMailTemplate(tenantId);
  const [editing, setEditing] = useState<MailTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MailTemplate | null>(null);
  const list = templates.data?.templates ?? [];
  return (
    <StyledCard as="section" aria-labelledby="mail-templates">
      <h2 id="mail-templates">Mail Templates</h2>
      {templates.isPending && <MutedText>Loading templates...</MutedText>}
      {templates.isError && <StyledFormError role="alert">{errorMessage(templates.error, 'Could not load the templates.')}</StyledFormError>}
      {templates.isSuccess && list.length === 0 && <MutedText>No templates yet: the tenant&apos;s users write mail from records in free text.</MutedText>}
      {list.length > 0 && (
        <StyledRows aria-label="Mail templates">
          {list.map((template) => (
            <li key={template.id}>
              <span>
                {template.name}
                <small>
                  {template.subject}
                  {template.created_by_name ? ` · by ${template.created_by_name}` : ''}
                </small>
              </span>
              <Button $variant="secondary" $size="sm" onClick={() => setEditing(template)} aria-label={`Edit ${template.name}`}>
                Edit
              </Button>
              <Button $variant="destructive" $size="sm" onClick={() => setDeleting(template)} aria-label={`Delete ${template.name}`}>
                Delete
              </Button>
            </li>
          ))}
        </StyledRows>
      )}
      <Button $variant="secondary" onClick={() => setEditing('new')}>
        New Template
      </Button>
      {editing && <TemplateDialog tenantId={tenantId} template={editing === 'new' ? null : editing} onDismiss={() => setEditing(null)} />}
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete Mail Template"
        message={deleting ? `Delete the template ${deleting.name}? This action cannot be undone.` : ''}
        busy={remove.isPending}
        destructive
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'The template could not be deleted.'), variant: 'destructive' }),
            onSettled: () => setDeleting(null),
          })
        }
        onCancel={() => setDeleting(null)}
      />
    </StyledCard>
  );
}
