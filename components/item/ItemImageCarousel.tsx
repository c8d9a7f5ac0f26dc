import { useState } from 'react';
import Carousel from 'react-bootstrap/Carousel';
import type { ItemImage } from '../../shared/items';
import './item.css';

/** The large thumbnail's width (server/features/images LARGE_THUMBNAIL_WIDTH) and the frame's 16:9 height. */
const FRAME = { width: 800, height: 450 };

/**
 * The item's images, large thumbnails; nothing at all when it has none. Each image fills a 16:9 frame (at most 420 px
 * high) whose size is known before the picture arrives, so nothing below it moves when it loads. Previous and Next are
 * real buttons, each named, that the keyboard reaches.
 */
export default function ItemImageCarousel({ images, title }: { images: ItemImage[]; title: string }) {
  const [index, setIndex] = useState(0);
  if (images.length === 0) return null;
  const several = images.length > 1;
  const step = (by: number) => setIndex((current) => (current + by + images.length) % images.length);
  return (
    <div className="position-relative mb-3 item-images" role="group" aria-roledescription="carousel" aria-label={`Images of ${title}`}>
      <Carousel activeIndex={index} onSelect={setIndex} controls={false} indicators={several} interval={null} touch={several}>
        {images.map((image, position) => (
          <Carousel.Item key={image.ref}>
            <img
              className="d-block rounded item-images-frame"
              width={FRAME.width}
              height={FRAME.height}
              src={image.public_thumbnail_large_url}
              // The first picture is the page's largest paint; the others wait until they are near.
              loading={position === 0 ? 'eager' : 'lazy'}
              fetchPriority={position === 0 ? 'high' : 'auto'}
              alt={several ? `${title}, image ${position + 1} of ${images.length}` : title}
            />
          </Carousel.Item>
        ))}
      </Carousel>
      {several && (
        <>
          <CarouselButton direction="prev" label="Previous image" onClick={() => step(-1)} />
          <CarouselButton direction="next" label="Next image" onClick={() => step(1)} />
        </>
      )}
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
