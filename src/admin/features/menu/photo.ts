/** The shop serves every menu picture at 800 × 600 (4:3), WebP, named per dish: the editor produces the same. */
export const PHOTO_WIDTH = 800;
export const PHOTO_HEIGHT = 600;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];
const MAX_BYTES = 5 * 1024 * 1024;

export interface Crop {
  /** 1 = the largest 4:3 area the picture holds; up to 3 zooms in. */
  zoom: number;
  /** -1 … 1: where the crop sits along each axis (0 = centred). */
  x: number;
  y: number;
}

export const CENTRED: Crop = { zoom: 1, x: 0, y: 0 };

export async function loadImage(file: Blob): Promise<ImageBitmap> {
  return createImageBitmap(file);
}

/** The source rectangle of a crop on an image of the given size. */
export function cropRect(
  width: number,
  height: number,
  crop: Crop,
): { sx: number; sy: number; sw: number; sh: number } {
  const ratio = PHOTO_WIDTH / PHOTO_HEIGHT;
  let sw = width;
  let sh = width / ratio;
  if (sh > height) {
    sh = height;
    sw = height * ratio;
  }
  sw /= crop.zoom;
  sh /= crop.zoom;
  const sx = ((width - sw) / 2) * (1 + crop.x);
  const sy = ((height - sh) / 2) * (1 + crop.y);
  return { sx, sy, sw, sh };
}

export function drawCrop(canvas: HTMLCanvasElement, image: ImageBitmap, crop: Crop): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { sx, sy, sw, sh } = cropRect(image.width, image.height, crop);
  ctx.imageSmoothingQuality = 'high';
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, sx, sy, sw, sh, 0, 0, canvas.width, canvas.height);
}

/** Crops and resizes to 800 × 600 and encodes WebP (JPEG where the browser cannot write WebP). */
export async function renderPhoto(image: ImageBitmap, crop: Crop): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = PHOTO_WIDTH;
  canvas.height = PHOTO_HEIGHT;
  drawCrop(canvas, image, crop);
  const encode = (type: string, quality: number) =>
    new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  let blob = await encode('image/webp', 0.85);
  if (!blob || blob.type !== 'image/webp') blob = await encode('image/jpeg', 0.85);
  if (!blob) throw new Error('encode');
  if (blob.size > MAX_BYTES) throw new RangeError('size');
  return blob;
}
