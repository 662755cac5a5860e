import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../../../src/app/i18n/catalogs';
import { messagesOf, reportError } from '../../../src/app/report-error';
import { ApiRequestError } from '../../../src/lib/http/api-error';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('../../../src/app/toast', () => ({ toast: { error: toastError } }));

describe('reportError (docs/spec.md §8)', () => {
  beforeAll(() => activateLocale('pt'));
  afterEach(() => toastError.mockReset());

  it('toasts each message of an API error and logs the error', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new ApiRequestError({
      status: 422,
      code: 'validation.failed',
      messages: ['CEP não encontrado', 'validation.email.invalid'],
    });
    expect(reportError(error)).toEqual(['CEP não encontrado', 'E-mail inválido']);
    expect(toastError).toHaveBeenCalledTimes(2);
    expect(toastError).toHaveBeenNthCalledWith(1, 'CEP não encontrado');
    expect(log).toHaveBeenCalledWith(error);
    log.mockRestore();
  });

  it('an error the view shows inline is only logged: shown once, where the user is looking, never a toast too', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new ApiRequestError({ status: 401, code: 'auth.invalid_credentials', messages: ['E-mail ou senha incorretos.'] });
    expect(reportError(error, 'inline')).toEqual(['E-mail ou senha incorretos.']);
    expect(toastError).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(error);
    log.mockRestore();
  });

  it("says 'Erro desconhecido.' when the API sent no message", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(reportError({ isAxiosError: true, response: { status: 500, data: '<html>' } })).toEqual(['Erro desconhecido.']);
    expect(reportError({ message: [] })).toEqual(['Erro desconhecido.']);
  });

  it('reads a raw axios error body and a plain API body', () => {
    expect(messagesOf({ isAxiosError: true, response: { data: { message: 'Gift-card não encontrado' } } })).toEqual([
      'Gift-card não encontrado',
    ]);
    expect(messagesOf({ message: ['a', 'b'], code: 'x' })).toEqual(['a', 'b']);
  });

  it("says 'Erro desconhecido! Contate o suporte!' for anything that is not an API error", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(reportError(new TypeError('x is undefined'))).toEqual(['Erro desconhecido! Contate o suporte!']);
    expect(reportError('boom')).toEqual(['Erro desconhecido! Contate o suporte!']);
    expect(reportError(undefined)).toEqual(['Erro desconhecido! Contate o suporte!']);
  });

  it('translates to the active language', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await activateLocale('en');
    expect(reportError(new Error('x'))[0]).not.toBe('Erro desconhecido! Contate o suporte!');
    await activateLocale('pt');
  });
});
