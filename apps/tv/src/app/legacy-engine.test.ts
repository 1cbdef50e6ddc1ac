import { describe, expect, it, vi } from 'vitest';
import { installLegacyEngineBuiltins } from './legacy-engine';

/** A global object as Chromium 63 has it: none of the built-ins the file adds. */
function chromium63() {
  return {
    Array: { prototype: {} },
    Object: {},
    Promise: { resolve: (v: unknown) => Promise.resolve(v), all: (xs: unknown[]) => Promise.all(xs) },
    String: { prototype: {} },
  } as unknown as Parameters<typeof installLegacyEngineBuiltins>[0];
}

type Fn = (this: unknown, ...args: unknown[]) => unknown;

describe('built-ins for the oldest TV engine (decision 0079)', () => {
  const scope = chromium63();
  installLegacyEngineBuiltins(scope);
  const method = (target: unknown, name: string) => (target as Record<string, Fn>)[name]!;

  it('adds the array and string methods', () => {
    const arrays = scope.Array.prototype;
    expect(method(arrays, 'flat').call([1, [2, [3, [4]]]])).toEqual([1, 2, [3, [4]]]);
    expect(method(arrays, 'flat').call([1, [2, [3, [4]]]], 2)).toEqual([1, 2, 3, [4]]);
    expect(method(arrays, 'flatMap').call([1, 2], (x: unknown) => [x, x])).toEqual([1, 1, 2, 2]);
    expect(method(arrays, 'at').call(['a', 'b', 'c'], -1)).toBe('c');
    expect(method(scope.String.prototype, 'trimStart').call('  a ')).toBe('a ');
    expect(method(scope.String.prototype, 'trimEnd').call('  a ')).toBe('  a');
  });

  it('adds Object.fromEntries, Promise.allSettled, globalThis and queueMicrotask', async () => {
    expect(method(scope.Object, 'fromEntries')([['a', 1]])).toEqual({ a: 1 });
    await expect(method(scope.Promise, 'allSettled')([1, Promise.reject(new Error('no'))])).resolves.toEqual([
      { status: 'fulfilled', value: 1 },
      { status: 'rejected', reason: new Error('no') },
    ]);
    expect(scope.globalThis).toBe(scope);
    const fn = vi.fn();
    (scope.queueMicrotask as (f: () => void) => void)(fn);
    expect(fn).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(fn).toHaveBeenCalledOnce();
  });

  it('adds an AbortController whose signal tells its listeners once', () => {
    const Controller = scope.AbortController as typeof AbortController;
    const controller = new Controller();
    const heard = vi.fn();
    controller.signal.addEventListener('abort', heard);
    expect(controller.signal.aborted).toBe(false);
    controller.abort();
    controller.abort();
    expect(controller.signal.aborted).toBe(true);
    expect(heard).toHaveBeenCalledOnce();
    expect(() => controller.signal.throwIfAborted()).toThrow('aborted');
  });

  it('leaves a newer engine’s own built-ins alone', () => {
    const own = Array.prototype.flat;
    installLegacyEngineBuiltins(globalThis as unknown as Parameters<typeof installLegacyEngineBuiltins>[0]);
    expect(Array.prototype.flat).toBe(own);
  });
});
