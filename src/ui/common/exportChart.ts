// Export a rendered chart (the first <svg> inside a container) as SVG or PNG. Computed styles
// that the chart inherits from CSS are inlined so the file looks the same outside the page.
import { downloadBlob } from './download';

const STYLE_PROPS = ['fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'opacity', 'font-size', 'font-family', 'font-weight', 'text-anchor'];

export function chartSvgString(container: Element): string {
  const svg = container.querySelector('svg');
  if (!svg) throw new Error('no chart to export');
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const src = svg.querySelectorAll('*');
  const dst = clone.querySelectorAll('*');
  src.forEach((el, i) => {
    const cs = getComputedStyle(el);
    const target = dst[i] as SVGElement;
    for (const p of STYLE_PROPS) {
      const v = cs.getPropertyValue(p);
      if (v) target.style.setProperty(p, v);
    }
  });
  const { width, height } = svg.getBoundingClientRect();
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(Math.round(width)));
  clone.setAttribute('height', String(Math.round(height)));
  const bg = getComputedStyle(document.body).backgroundColor;
  clone.style.background = bg;
  return new XMLSerializer().serializeToString(clone);
}

export function exportSvg(container: Element, filename: string): void {
  downloadBlob(new Blob([chartSvgString(container)], { type: 'image/svg+xml' }), filename.endsWith('.svg') ? filename : `${filename}.svg`);
}

export async function chartPngBlob(container: Element, scale = 2): Promise<Blob> {
  const svgText = chartSvgString(container);
  const svg = container.querySelector('svg')!;
  const { width, height } = svg.getBoundingClientRect();
  const img = new Image();
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('could not render the chart to an image'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = getComputedStyle(document.body).backgroundColor || '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function exportPng(container: Element, filename: string): Promise<void> {
  downloadBlob(await chartPngBlob(container), filename.endsWith('.png') ? filename : `${filename}.png`);
}
