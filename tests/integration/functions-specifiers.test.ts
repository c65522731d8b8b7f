import { describe, expect, it } from 'vitest';
import { applyImportMap } from '../../src/backend/functions/import-map.js';
import { mapSpecifier, sameMajor } from '../../src/backend/functions/specifiers.js';

// Pure rules of the functions runtime: how Deno-style imports map to installed npm packages.
describe('Deno import specifiers', () => {
  it.each([
    ['npm:@supabase/supabase-js@2', { kind: 'package', name: '@supabase/supabase-js', version: '2', subpath: '' }],
    ['npm:@supabase/supabase-js', { kind: 'package', name: '@supabase/supabase-js', version: null, subpath: '' }],
    ['npm:zod@4.1.0/mini', { kind: 'package', name: 'zod', version: '4.1.0', subpath: '/mini' }],
    ['npm:/jose@6', { kind: 'package', name: 'jose', version: '6', subpath: '' }],
    ['jsr:@supabase/supabase-js@2', { kind: 'package', name: '@supabase/supabase-js', version: '2', subpath: '' }],
    [
      'https://esm.sh/@supabase/supabase-js@2',
      { kind: 'package', name: '@supabase/supabase-js', version: '2', subpath: '' },
    ],
    [
      'https://esm.sh/@supabase/supabase-js@2.45.0?target=deno',
      { kind: 'package', name: '@supabase/supabase-js', version: '2.45.0', subpath: '' },
    ],
    ['https://esm.sh/v135/stripe@14/lib/x', { kind: 'package', name: 'stripe', version: '14', subpath: '/lib/x' }],
    ['https://deno.land/std@0.168.0/http/server.ts', { kind: 'deno-std-http' }],
    ['https://deno.land/std/http/server.ts', { kind: 'deno-std-http' }],
  ])('%s', (spec, mapped) => {
    expect(mapSpecifier(spec)).toEqual(mapped);
  });

  it('leaves relative, bare and node: imports alone and refuses other remote URLs', () => {
    expect(mapSpecifier('../_shared/cors.ts')).toBeNull();
    expect(mapSpecifier('node:crypto')).toBeNull();
    expect(mapSpecifier('zod')).toBeNull();
    expect(mapSpecifier('https://deno.land/x/oak@v12/mod.ts')).toMatchObject({
      kind: 'unsupported',
      reason: expect.stringContaining('cannot be fetched here'),
    });
  });

  it.each([
    ['2', '2.109.0', true],
    ['^2.39.0', '2.109.0', true],
    ['2.45.0', '2.109.0', true],
    ['1', '2.109.0', false],
    ['3', '2.109.0', false],
    ['0.5', '0.5.16', true],
    ['0.4', '0.5.16', false],
    [null, '9.0.0', true],
    ['latest', '9.0.0', true],
  ])('asking for %s with %s installed: %s', (requested, installed, ok) => {
    expect(sameMajor(requested, installed)).toBe(ok);
  });

  it('applies an import map: exact keys, then the longest prefix, relative targets from the map folder', () => {
    const map = {
      dir: '/app/supabase/functions/hello',
      imports: { supabase: 'npm:@supabase/supabase-js@2', '@shared/': '../_shared/', '@shared/deep/': './deep/' },
    };
    expect(applyImportMap(map, 'supabase')).toBe('npm:@supabase/supabase-js@2');
    expect(applyImportMap(map, '@shared/cors.ts')).toBe('/app/supabase/functions/_shared/cors.ts');
    expect(applyImportMap(map, '@shared/deep/x.ts')).toBe('/app/supabase/functions/hello/deep/x.ts');
    expect(applyImportMap(map, 'zod')).toBeNull();
  });
});
