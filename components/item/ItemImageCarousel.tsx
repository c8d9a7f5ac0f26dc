import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { ItemImage } from '../../shared/items';
import './item.css';

/** The large thumbnail's width (server/features/images LARGE_THUMBNAIL_WIDTH) and the frame's 16:9 height. */
const FRAME = { width: 800, height: 450 };

/** How far a finger must travel across the picture to turn it, as react-bootstrap's carousel had it. */
const SWIPE_THRESHOLD_PX = 40;

/**
 * The item's images, large thumbnails; nothing at all when it has none. Each image fills a 16:9 frame (at most 420 px
 * high) whose size is known before the picture arrives, so nothing below it moves when it loads. Previous and Next are
 * real buttons, each named, that the keyboard reaches; the arrow keys turn the picture while the focus is on one of
 * the carousel's buttons, and a swipe does on a touch screen.
 *
 * The pictures have empty alt text: nothing describes them, and repeating the item's title would only say it again.
 * Which picture shows is said by the carousel's polite status line.
 *
 * Bootstrap's carousel markup without its script or react-bootstrap's (docs/decisions/items.md "The image carousel"): the
 * picture changes at once, and the page carries no transition code for it.
 */
export default function ItemImageCarousel({ images, title }: { images: ItemImage[]; title: string }) {
  const [index, setIndex] = useState(0);
  const swipe = useSwipe((direction) => step(direction));
  if (images.length === 0) return null;
  const several = images.length > 1;
  function step(by: number) {
    setIndex((current) => (current + by + images.length) % images.length);
  }
  return (
    <div
      className="position-relative mb-3 item-images"
      role="group"
      aria-roledescription="carousel"
      aria-label={`Images of ${title}`}
      onKeyDown={several ? (event) => turnByArrowKey(event, step) : undefined}
    >
      <div className="carousel">
        {several && <Indicators count={images.length} active={index} onSelect={setIndex} />}
        <div className={several ? 'carousel-inner item-images-swipe' : 'carousel-inner'} {...(several ? swipe : {})}>
          {images.map((image, position) => (
            <div key={image.ref} className={position === index ? 'carousel-item active' : 'carousel-item'}>
              <img
                className="d-block rounded item-images-frame"
                width={FRAME.width}
                height={FRAME.height}
                src={image.public_thumbnail_large_url}
                // The first picture is the page's largest paint; the others wait until they are shown.
                loading={position === 0 ? 'eager' : 'lazy'}
                fetchPriority={position === 0 ? 'high' : 'auto'}
                // Equip keeps no description of an item's pictures, and the title is already the page's heading: decorative.
                alt=""
              />
            </div>
          ))}
        </div>
      </div>
      {several && (
        <>
          {/* After Previous, Next or an indicator, a screen reader says which picture now shows. */}
          <p className="visually-hidden" aria-live="polite">{`Image ${index + 1} of ${images.length}`}</p>
          <CarouselButton direction="prev" label="Previous image" onClick={() => step(-1)} />
          <CarouselButton direction="next" label="Next image" onClick={() => step(1)} />
        </>
      )}
    </div>
  );
}

function Indicators({ count, active, onSelect }: { count: number; active: number; onSelect: (index: number) => void }) {
  return (
    <div className="carousel-indicators">
      {Array.from({ length: count }, (_, position) => (
        <button
          key={position}
          type="button"
          // Bootstrap's styles for an indicator select this attribute.
          data-bs-target=""
          className={position === active ? 'active' : undefined}
          aria-current={position === active ? true : undefined}
          aria-label={`Show image ${position + 1}`}
          onClick={() => onSelect(position)}
        />
      ))}
    </div>
  );
}

function CarouselButton({ direction, label, onClick }: { direction: 'prev' | 'next'; label: string; onClick: () => void }) {
  return (
    <button type="button" className={`carousel-control-${direction} item-images-control`} aria-label={label} onClick={onClick}>
      <span className={`carousel-control-${direction}-icon`} aria-hidden="true" />
    </button>
  );
}

/** ArrowLeft and ArrowRight on the carousel's buttons, as react-bootstrap's carousel had them. */
function turnByArrowKey(event: KeyboardEvent, step: (by: number) => void) {
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
  event.preventDefault();
  step(event.key === 'ArrowLeft' ? -1 : 1);
}

/**
 * A horizontal swipe of one finger: right to left is the next picture, left to right the previous one. A second finger
 * (a pinch to zoom, which the browser keeps: item.css) ends it without a turn.
 */
function useSwipe(onSwipe: (direction: 1 | -1) => void) {
  const start = useRef<number | null>(null);
  return {
    onPointerDown: (event: PointerEvent) => {
      start.current = event.pointerType === 'touch' && event.isPrimary ? event.clientX : null;
    },
    onPointerUp: (event: PointerEvent) => {
      if (start.current === null) return;
      const travelled = event.clientX - start.current;
      start.current = null;
      if (Math.abs(travelled) >= SWIPE_THRESHOLD_PX) onSwipe(travelled < 0 ? 1 : -1);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
