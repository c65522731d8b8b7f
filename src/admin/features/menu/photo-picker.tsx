import { useEffect, useRef } from 'react';
import { CENTRED, PHOTO_HEIGHT, PHOTO_TYPES, PHOTO_WIDTH, drawCrop, loadImage, type Crop } from './photo.js';

export interface PickedPhoto {
  image: ImageBitmap;
  crop: Crop;
}

/**
 * Choose a picture from the phone or PC and frame it (zoom, position) as the shop serves it: 4:3,
 * rendered to 800 × 600 by renderPhoto() on save. Shows the current picture until one is picked.
 */
export function PhotoPicker({
  picked,
  currentUrl,
  labels,
  onPick,
  onError,
}: {
  picked: PickedPhoto | null;
  currentUrl: string | null;
  labels: { choose: string; none: string; zoom: string; horizontal: string; vertical: string; hint: string };
  onPick(photo: PickedPhoto): void;
  onError(problem: 'type' | 'read'): void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (picked && canvas.current) drawCrop(canvas.current, picked.image, picked.crop);
  }, [picked]);

  async function pick(file: File | undefined) {
    if (!file) return;
    if (!PHOTO_TYPES.includes(file.type)) return onError('type');
    try {
      onPick({ image: await loadImage(file), crop: CENTRED });
    } catch {
      onError('read');
    }
  }

  const sliders = [
    ['zoom', 1, 3, labels.zoom],
    ['x', -1, 1, labels.horizontal],
    ['y', -1, 1, labels.vertical],
  ] as const;
  return (
    <div className="space-y-2">
      {picked ? (
        <canvas
          ref={canvas}
          width={PHOTO_WIDTH}
          height={PHOTO_HEIGHT}
          data-testid="photo-preview"
          className="aspect-[4/3] w-full rounded-lg border-2 border-slate-300"
        />
      ) : currentUrl ? (
        <img
          src={currentUrl}
          alt=""
          className="aspect-[4/3] w-full rounded-lg border-2 border-slate-300 object-cover"
        />
      ) : (
        <p className="rounded-lg border-2 border-dashed border-slate-300 p-4 text-center text-slate-600">
          {labels.none}
        </p>
      )}
      <label className="block">
        <span className="mb-1 block text-sm font-semibold">{labels.choose}</span>
        <input
          type="file"
          accept={PHOTO_TYPES.join(',')}
          className="block w-full text-base"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </label>
      {picked && (
        <div className="grid gap-2 sm:grid-cols-3">
          {sliders.map(([k, min, max, label]) => (
            <label key={k} className="block text-sm font-semibold">
              {label}
              <input
                type="range"
                className="w-full"
                min={min}
                max={max}
                step={0.05}
                value={picked.crop[k]}
                onChange={(e) => onPick({ ...picked, crop: { ...picked.crop, [k]: Number(e.target.value) } })}
              />
            </label>
          ))}
        </div>
      )}
      <p className="text-sm text-slate-600">{labels.hint}</p>
    </div>
  );
}
