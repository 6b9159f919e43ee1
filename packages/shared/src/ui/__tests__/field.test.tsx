import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { noteBodySchema, NOTE_BODY_MAX_LENGTH } from '../../contracts/record-notes';
import { lightTheme } from '../../theme/theme';
import { characterCount, TextAreaField } from '../field';

function Note() {
  const [text, setText] = useState('');
  return (
    <ThemeProvider theme={lightTheme}>
      <TextAreaField label="Add a note" maxLength={NOTE_BODY_MAX_LENGTH} value={text} onChange={(event) => setText(event.target.value)} />
    </ThemeProvider>
  );
}

test('a note field takes as many characters as the server does: 10,000 emoji, not 5,000', () => {
  render(<Note />);
  const field = screen.getByRole('textbox', { name: 'Add a note' });
  expect(field).toHaveAttribute('data-max-characters', String(NOTE_BODY_MAX_LENGTH));
  // The browser's own limit would count UTF-16 units: the field does not set it.
  expect(field).not.toHaveAttribute('maxlength');
  fireEvent.change(field, { target: { value: '😀'.repeat(NOTE_BODY_MAX_LENGTH) } });
  expect(characterCount((field as HTMLTextAreaElement).value)).toBe(NOTE_BODY_MAX_LENGTH);
  expect(noteBodySchema.safeParse((field as HTMLTextAreaElement).value).success).toBe(true);
  // Pasted past the limit, the text keeps its first 10,000 characters, as the server would take them.
  fireEvent.change(field, { target: { value: `${'😀'.repeat(NOTE_BODY_MAX_LENGTH)}a` } });
  expect((field as HTMLTextAreaElement).value).toBe('😀'.repeat(NOTE_BODY_MAX_LENGTH));
  expect(noteBodySchema.safeParse(`${'😀'.repeat(NOTE_BODY_MAX_LENGTH)}a`).success).toBe(false);
});

test('characters are counted as the server counts them: an emoji is one, an accented letter typed as one is one', () => {
  expect(characterCount('😀é')).toBe(2);
  expect(characterCount('')).toBe(0);
});
