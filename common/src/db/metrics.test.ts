import { operationNameOf } from './metrics';

describe('db.operation.name', () => {
  it('is the statement’s first keyword, upper-cased', () => {
    expect(operationNameOf('SELECT 1')).toBe('SELECT');
    expect(operationNameOf('\n  insert into t values ($1)')).toBe('INSERT');
    expect(operationNameOf('WITH x AS (SELECT 1) SELECT * FROM x')).toBe('WITH');
    expect(operationNameOf('COPY activity_events FROM STDIN')).toBe('COPY');
  });

  it('is "other" for anything outside a fixed set, so the label stays bounded', () => {
    expect(operationNameOf('VACUUM')).toBe('other');
    expect(operationNameOf('')).toBe('other');
    expect(operationNameOf('/* comment */ SELECT 1')).toBe('other');
  });
});
