import Carousel from 'react-bootstrap/Carousel';
import type { ItemImage } from '../../shared/items';

/** The item's images, large thumbnails; nothing at all when it has none. */
export default function ItemImageCarousel({ images, title }: { images: ItemImage[]; title: string }) {
  if (images.length === 0) return null;
  const several = images.length > 1;
  return (
    <Carousel className="mb-3 item-images" controls={several} indicators={several} interval={null} aria-label={`Images of ${title}`}>
      {images.map((image, index) => (
        <Carousel.Item key={image.ref}>
          <img
            className="d-block w-100 rounded object-fit-cover"
            style={{ maxHeight: 420 }}
            src={image.public_thumbnail_large_url}
            alt={several ? `${title}, image ${index + 1} of ${images.length}` : title}
          />
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
