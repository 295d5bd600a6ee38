import { describe, expect, it } from 'vitest';
import {
  fieldLabel,
  fieldMessage,
  fieldMessages,
  formatError,
  formSummary,
  MARKED_FIELDS,
  pathsFrom,
} from './errors.ts';
import { ApiError } from './http.ts';

// The 422 messages below are the API's own wording (src/core/targeting.ts, src/api/plugins/errors.ts).
const rejected = (errors: Record<string, string[]>) => new ApiError(422, 'The given data was invalid.', errors);
// A raw field path with a row index in it, as a person must never read it.
const RAW_PATH = /\b[a-z_]+\.\d+/;

describe('field labels', () => {
  it('names targeting rules and their values counted from 1', () => {
    expect(fieldLabel('conditions.2.values.0')).toBe('Rule 3: value 1');
    expect(fieldLabel('conditions.0.values')).toBe('Rule 1: values');
    expect(fieldLabel('conditions.1.redirect_url')).toBe('Rule 2: destination');
    expect(fieldLabel('conditions.4.type')).toBe('Rule 5: condition');
    expect(fieldLabel('conditions.4')).toBe('Rule 5');
    expect(fieldLabel('conditions')).toBe('Targeting rules');
  });

  it('names variants, UTM fields, preview fields and choice-page options as the form labels them', () => {
    expect(fieldLabel('variants.0.url')).toBe('Variant 1 URL');
    expect(fieldLabel('variants.1.weight')).toBe('Variant 2 weight');
    expect(fieldLabel('variants.3')).toBe('Variant 4');
    expect(fieldLabel('utm.source')).toBe('UTM source');
    expect(fieldLabel('preview.image')).toBe('Preview image URL');
    expect(fieldLabel('options.1')).toBe('Option 2');
  });

  it('names top-level fields by their labels, and any other path in plain words', () => {
    expect(fieldLabel('short_code')).toBe('Custom alias');
    expect(fieldLabel('redirect_url')).toBe('Destination URL');
    expect(fieldLabel('affiliate_program_id')).toBe('Program');
    expect(fieldLabel('some_list.2.inner_field')).toBe('Some list item 3 inner field');
  });
});

describe('field messages in words', () => {
  it('says which rule and which value a targeting error is about, without its path', () => {
    expect(fieldMessage('conditions.1.values.0', 'The selected conditions.1.values.0 is invalid for country.')).toBe(
      'Rule 2: value 1 is not a valid country.',
    );
    expect(fieldMessage('conditions.0.values', 'The conditions.0.values field must be a non-empty array.')).toBe(
      'Rule 1: values needs at least one entry.',
    );
    expect(
      fieldMessage(
        'conditions.2.redirect_url',
        'The conditions.2.redirect url field must be a valid http or https URL of at most 2048 characters.',
      ),
    ).toBe('Rule 3: destination must be a valid http or https URL of at most 2048 characters.');
  });

  it('names variant, UTM and top-level fields by their labels', () => {
    expect(
      fieldMessage(
        'variants.1.url',
        'The variants.1.url field must be a valid http or https URL of at most 2048 characters.',
      ),
    ).toBe('Variant 2 URL must be a valid http or https URL of at most 2048 characters.');
    expect(fieldMessage('variants.0.weight', 'The variants.0.weight field must be at least 1.')).toBe(
      'Variant 1 weight must be at least 1.',
    );
    expect(fieldMessage('utm.source', 'The utm.source field must not be greater than 255 characters.')).toBe(
      'UTM source must be at most 255 characters.',
    );
    expect(fieldMessage('short_code', 'The short code is reserved.')).toBe('Custom alias is reserved.');
    expect(
      fieldMessage('short_code', 'The short code field must be 3 to 64 letters, digits, dashes or underscores.'),
    ).toBe('Custom alias must be 3 to 64 letters, digits, dashes or underscores.');
    expect(fieldMessage('category_id', 'The selected category id is invalid.')).toBe(
      'Category is not one of the choices.',
    );
  });

  it('keeps a message that names no field as it is, and replaces any stray indexed path in it', () => {
    const own = 'A link with choice-page options cannot have variants: remove the options first.';
    expect(fieldMessage('variants', own)).toBe(own);
    expect(fieldMessage('request', 'Fix conditions.0.values.3 first; go.example.com is fine.')).toBe(
      'Fix Rule 1: value 4 first; go.example.com is fine.',
    );
  });

  it('turns every message of a rejected request into words, by the same paths', () => {
    const error = rejected({
      'conditions.1.values.0': ['The selected conditions.1.values.0 is invalid for country.'],
      'variants.0.url': ['The variants.0.url field must be a valid http or https URL of at most 2048 characters.'],
    });
    const messages = fieldMessages(error);
    expect(Object.keys(messages)).toEqual(['conditions.1.values.0', 'variants.0.url']);
    for (const text of Object.values(messages).flat()) expect(text).not.toMatch(RAW_PATH);
    expect(formatError(error, 'paths')).not.toMatch(RAW_PATH);
    expect(fieldMessages(new Error('offline'))).toEqual({});
  });
});

describe('the summary line of a form', () => {
  const error = rejected({
    redirect_url: ['The redirect url field is required.'],
    'conditions.0.values.1': ['The selected conditions.0.values.1 is invalid for language.'],
  });

  it('only points at the marked fields when every message is shown at one', () => {
    expect(formSummary(error, () => true)).toBe(MARKED_FIELDS);
  });

  it('adds, in words, what no field shows', () => {
    expect(formSummary(error, (path) => path === 'redirect_url')).toBe(
      `${MARKED_FIELDS} Rule 1: value 2 is not a valid language.`,
    );
    expect(formSummary(error, () => false)).toBe(
      'Destination URL is required. Rule 1: value 2 is not a valid language.',
    );
  });

  it('is the plain message of a failure without field errors', () => {
    expect(formSummary(new ApiError(403, 'Needs the Business plan.'), () => true)).toBe('Needs the Business plan.');
  });
});

describe('the paths one input owns', () => {
  it('are the path itself first, then every path with errors below it', () => {
    const fe = {
      form: 'edit',
      errors: { 'conditions.1.values.2': ['x'], 'conditions.1.values.0': ['y'], 'conditions.10.values.0': ['z'] },
    };
    expect(pathsFrom(fe, 'conditions.1.values')).toEqual([
      'conditions.1.values',
      'conditions.1.values.2',
      'conditions.1.values.0',
    ]);
  });
});
