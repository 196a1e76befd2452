import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

describe('cn', () => {
  it('drops empty parts and lets a later Tailwind class override an earlier one of the same kind', () => {
    expect(cn('px-4 py-2 text-sm', false, null, undefined, 'px-2')).toBe('py-2 text-sm px-2');
    expect(cn('bg-zinc-900', 'bg-primary')).toBe('bg-primary');
    expect(cn('rounded-md', 'shadow')).toBe('rounded-md shadow');
  });
});
