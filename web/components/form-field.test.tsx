import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { issuesByField } from '@web/lib/form-errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormField } from './form-field';

afterEach(cleanup);

describe('FormField', () => {
  it('ties the label, hint and error to the control', () => {
    render(
      <FormField id="f-email" label="E-mail" hint="We never share it" error="Invalid e-mail address">
        <input aria-describedby="extra" />
      </FormField>,
    );
    const input = screen.getByLabelText('E-mail');
    expect(input).toHaveAttribute('id', 'f-email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'extra f-email-hint f-email-error');
    expect(screen.getByText('Invalid e-mail address')).toHaveAttribute('id', 'f-email-error');
  });

  it('is plain without an error, and reports the first edit after one', () => {
    const onEdit = vi.fn();
    const onChange = vi.fn();
    const { rerender } = render(
      <FormField id="f-name" label="Name" onEdit={onEdit}>
        <input onChange={onChange} />
      </FormField>,
    );
    const input = screen.getByLabelText('Name');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    fireEvent.input(input, { target: { value: 'A' } });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onEdit).not.toHaveBeenCalled();
    rerender(
      <FormField id="f-name" label="Name" onEdit={onEdit} error="Required">
        <input onChange={onChange} />
      </FormField>,
    );
    fireEvent.input(input, { target: { value: 'Ab' } });
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onEdit).toHaveBeenCalledTimes(1);
  });
});

describe('issuesByField', () => {
  it('keeps the first message of each field', () => {
    const schema = z.object({
      email: z.string().email('emailInvalid'),
      name: z.string().min(1, 'nameRequired').min(3, 'nameShort'),
    });
    const result = schema.safeParse({ email: 'x', name: '' });
    expect(result.success).toBe(false);
    expect(issuesByField(result.error!, ['name', 'email'])).toEqual({
      email: 'emailInvalid',
      name: 'nameRequired',
    });
  });
});
