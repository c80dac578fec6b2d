/** What a chart picture's heading and legend say. */
export type PictureLabels = { title: string; legend: Array<{ label: string; color: string }> };

const STYLED = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
] as const;
const SCALE = 2;
const HEAD = 56;

/**
 * A chart as a PNG: its SVG drawn on a canvas at twice its size, on the page's background, with a heading
 * and a legend above (the legend on screen is HTML, outside the SVG). Every element's computed style is
 * written into the copy, since the theme's colours are CSS variables the picture cannot resolve.
 */
export async function chartPng(figure: HTMLElement, { title, legend }: PictureLabels): Promise<Blob> {
  const svg = figure.querySelector<SVGSVGElement>('svg.recharts-surface');
  if (!svg) throw new Error('the chart is not drawn yet');
  const { width, height } = svg.getBoundingClientRect();
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const from = svg.querySelectorAll<SVGElement>('*');
  const to = copy.querySelectorAll<SVGElement>('*');
  from.forEach((element, i) => {
    const style = getComputedStyle(element);
    for (const property of STYLED) to[i]?.style.setProperty(property, style.getPropertyValue(property));
  });
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`;
  await image.decode();

  const page = getComputedStyle(document.body);
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * SCALE);
  canvas.height = Math.ceil((height + HEAD) * SCALE);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas here');
  context.scale(SCALE, SCALE);
  context.fillStyle = page.backgroundColor;
  context.fillRect(0, 0, width, height + HEAD);
  context.fillStyle = page.color;
  context.font = `600 15px ${page.fontFamily}`;
  context.fillText(title, 12, 22);
  context.font = `13px ${page.fontFamily}`;
  let x = 12;
  for (const item of legend) {
    context.fillStyle = item.color;
    context.fillRect(x, 34, 10, 10);
    context.fillStyle = page.color;
    context.fillText(item.label, x + 16, 43);
    x += 28 + context.measureText(item.label).width;
  }
  context.drawImage(image, 0, HEAD, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no picture'))), 'image/png'),
  );
}
