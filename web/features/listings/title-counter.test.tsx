import type { AdInput } from '@common/schemas/ads';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createTestI18n } from '@web/test/i18n';
import { useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { TitleCounter } from './title-counter';

afterEach(cleanup);

function Harness() {
  const form = useForm<AdInput>({ defaultValues: { title: 'Glock' } });
  return (
    <>
      <input aria-label="Title" {...form.register('title')} />
      <TitleCounter control={form.control} max={10} />
    </>
  );
}

describe('TitleCounter', () => {
  it('counts the title’s characters as they are typed, diacritics as one each', () => {
    render(
      <I18nextProvider i18n={createTestI18n('ro')}>
        <Harness />
      </I18nextProvider>,
    );
    const counter = screen.getByTestId('title-counter');
    expect(counter).toHaveTextContent('5/10');
    expect(counter).toHaveTextContent('5 din 10 caractere');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Pușcă ț' } });
    expect(counter).toHaveTextContent('7/10');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Carabină 22' } });
    expect(counter).toHaveTextContent('11/10');
    expect(counter).toHaveClass('text-destructive');
  });
});
