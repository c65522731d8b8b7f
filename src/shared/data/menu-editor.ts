/** The admin's menu editor: every row (hidden ones too), its writes and the dish photos. */
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from './client.js';
import { queryKeys } from './query-keys.js';
import { useServerMutation, type MutationOptions, type QueryConfig } from './react-query.js';
import { subscribeToTable } from './realtime.js';
import type { MenuCategoryRow, MenuItemRow } from './rows.js';

export const MENU_BUCKET = 'menu-images';

export interface EditorMenu {
  categories: MenuCategoryRow[];
  /** Every row not deleted, hidden ones included, by sort_order. */
  items: MenuItemRow[];
  /** The takings report's VAT column exists on this database. */
  hasVat: boolean;
}

/** A refusal the editor explains in the admin's language. */
export class MenuSaveError extends Error {
  constructor(
    readonly reason: 'permission' | 'invalid' | 'photoSize' | 'photoType' | 'failed',
    detail: string,
  ) {
    super(detail);
  }
}

function check(error: { code?: string; message: string; status?: number; statusCode?: string } | null): void {
  if (!error) return;
  const code = error.code ?? error.statusCode ?? '';
  if (code === '42501' || code === '403') throw new MenuSaveError('permission', error.message);
  if (code === '23514' || code === '22P02' || code === '23502' || code === 'P0001')
    throw new MenuSaveError('invalid', error.message);
  if (error.status === 413 || code === '413') throw new MenuSaveError('photoSize', error.message);
  if (error.status === 415 || code === '415') throw new MenuSaveError('photoType', error.message);
  throw new MenuSaveError('failed', error.message);
}

export async function fetchEditorMenu(): Promise<EditorMenu> {
  const supabase = getSupabase();
  const [categories, items] = await Promise.all([
    supabase.from('menu_categories').select('id, name, slug, sort_order').order('sort_order').order('id'),
    supabase.from('menu_items').select('*').is('deleted_at', null).order('sort_order').order('id'),
  ]);
  check(categories.error);
  check(items.error);
  const rows = items.data as MenuItemRow[];
  return {
    categories: categories.data as MenuCategoryRow[],
    items: rows,
    hasVat: rows.length === 0 || 'vat_rate' in rows[0],
  };
}

export type ItemChanges = Partial<Omit<MenuItemRow, 'id'>>;

export async function insertItem(row: ItemChanges & { id: string }): Promise<void> {
  check((await getSupabase().from('menu_items').insert(row)).error);
}

export async function updateItem(id: string, changes: ItemChanges): Promise<void> {
  const { data, error } = await getSupabase().from('menu_items').update(changes).eq('id', id).select('id');
  check(error);
  // RLS hides a refused update as "0 rows": say so instead of pretending it worked.
  if (!data || data.length === 0) throw new MenuSaveError('permission', 'no row updated');
}

/** Soft delete: the row stays for order history and reports, the shop and the editor stop showing it. */
export function deleteItem(id: string): Promise<void> {
  return updateItem(id, { deleted_at: new Date().toISOString(), hidden: true });
}

/**
 * ↑ or ↓ of a dish (within its category) or a category: the database swaps it with its neighbour as the rows are
 * now (`move_menu_entry`, one statement), so a stale screen or two quick clicks cannot undo a move.
 */
export async function moveMenuEntry(kind: 'item' | 'category', id: string, direction: 'up' | 'down'): Promise<void> {
  const { error } = await getSupabase().rpc('move_menu_entry', { p_kind: kind, p_id: id, p_direction: direction });
  check(error);
}

export async function renameCategory(id: string, name: string): Promise<void> {
  const { data, error } = await getSupabase().from('menu_categories').update({ name }).eq('id', id).select('id');
  check(error);
  if (!data || data.length === 0) throw new MenuSaveError('permission', 'no row updated');
}

/**
 * Uploads a prepared picture (JPEG or WebP) to the menu bucket as `<stem>.<ext>`; answers its public URL
 * (the shop shows it as is). `refused` turns a refusal into the screen's error. Each upload takes a new
 * name: browsers and the shop's cache never show an old picture under it.
 */
export async function uploadMenuPicture(stem: string, photo: Blob, refused: (error: never) => void): Promise<string> {
  const storage = getSupabase().storage.from(MENU_BUCKET);
  const path = `${stem}.${photo.type === 'image/jpeg' ? 'jpg' : 'webp'}`;
  const { error } = await storage.upload(path, photo, {
    contentType: photo.type,
    cacheControl: '31536000',
    upsert: false,
  });
  refused(error as never);
  return storage.getPublicUrl(path).data.publicUrl;
}

/** Uploads a dish's prepared photo; answers its public URL. */
export const uploadPhoto = (itemId: string, photo: Blob): Promise<string> =>
  uploadMenuPicture(`items/${itemId}-${Date.now().toString(36)}`, photo, check);

/** The bucket path of a photo URL of ours, or null (seeded pictures under /images/menu/). */
export function photoPath(url: string | null): string | null {
  if (!url) return null;
  const m = new RegExp(`/storage/v1/object/public/${MENU_BUCKET}/(.+)$`).exec(url);
  return m ? decodeURIComponent(m[1]) : null;
}

/** Removes a replaced photo; a failure only leaves an unused file behind (logged with its reason), never thrown. */
export async function removePhoto(url: string | null): Promise<void> {
  const path = photoPath(url);
  if (!path) return;
  try {
    const { error } = await getSupabase().storage.from(MENU_BUCKET).remove([path]);
    if (error) console.warn(`Photo ${path} not removed:`, error.message);
  } catch (e) {
    console.warn(`Photo ${path} not removed:`, e);
  }
}

/** A new dish id from its name: lower-case letters, digits and dashes, as menu ids are. */
export function newItemId(name: string): string {
  const base = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const suffix = Math.random().toString(36).slice(2, 6);
  return base ? `${base}-${suffix}` : `prato-${suffix}`;
}

/** Kept live: another admin or the kiosk changing the menu shows up here too. */
export function useEditorMenuQuery({ queryConfig: config = {} }: { queryConfig?: QueryConfig<EditorMenu> } = {}) {
  const qc = useQueryClient();
  useEffect(() => {
    const refresh = () => void qc.invalidateQueries({ queryKey: queryKeys.menu });
    const stopItems = subscribeToTable('menu_items', '*', refresh);
    const stopCategories = subscribeToTable('menu_categories', '*', refresh);
    return () => {
      stopItems();
      stopCategories();
    };
  }, [qc]);
  return useQuery({ ...config, queryKey: queryKeys.menuEditor, queryFn: fetchEditorMenu });
}

/** One editor action (any of the writes above, composed by the screen); the shop's menu and the editor refetch. */
export const useMenuEditorMutation = <V, R = unknown>(
  action: (v: V) => Promise<R>,
  options?: MutationOptions<(v: V) => Promise<R>>,
) => useServerMutation(action, options, { invalidate: [queryKeys.menu] });
