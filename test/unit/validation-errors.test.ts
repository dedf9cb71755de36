import { describe, expect, test } from 'vitest';
import { ApiError, ERROR_CODES } from '../../src/domain/errors.js';
import { paramPath, validationError } from '../../src/http/validation.js';

describe('paramPath', () => {
  test('JSON pointers become the contract\'s dotted paths with indexes', () => {
    expect(paramPath('/amount/value')).toBe('amount.value');
    expect(paramPath('/line_items/0/quantity')).toBe('line_items[0].quantity');
    expect(paramPath('/line_items/12/price_data', 'currency')).toBe('line_items[12].price_data.currency');
    expect(paramPath('', 'merchant_id')).toBe('merchant_id');
    expect(paramPath('/metadata/a~1b')).toBe('metadata.a/b');
  });
});

describe('validationError', () => {
  test('maps required, additionalProperties and type errors', () => {
    const missing = validationError([{ keyword: 'required', instancePath: '/amount', params: { missingProperty: 'value' }, schemaPath: '' }], 'body');
    expect(missing.toBody().error).toEqual({ type: 'invalid_request_error', code: 'parameter_missing', message: 'Missing required parameter: amount.value.', param: 'amount.value' });
    const unknown = validationError([{ keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'amout' }, schemaPath: '' }], 'body');
    expect(unknown.code).toBe('parameter_unknown');
    expect(unknown.param).toBe('amout');
    const type = validationError([{ keyword: 'type', instancePath: '/line_items/0/quantity', params: {}, message: 'must be integer', schemaPath: '' }], 'body');
    expect(type.param).toBe('line_items[0].quantity');
    expect(type.status).toBe(400);
    const enumError = validationError([{ keyword: 'enum', instancePath: '/status', params: { allowedValues: ['A', 'B'] }, schemaPath: '' }], 'querystring');
    expect(enumError.message).toContain('"A", "B"');
  });

  test('every code maps to one HTTP status and type from the contract', () => {
    for (const [code, spec] of Object.entries(ERROR_CODES)) {
      const err = new ApiError(code as keyof typeof ERROR_CODES, 'x');
      expect(err.status).toBe(spec.status);
      expect(err.toBody().error.param).toBeNull();
    }
    expect(new ApiError('amount_too_large', 'x').status).toBe(409);
    expect(new ApiError('rate_limited', 'x').type).toBe('rate_limit_error');
  });
});
