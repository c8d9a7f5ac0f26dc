/**
 * What the JSON API answers, made from what the pages are given (their cards, the item page's detail, the tag
 * catalogue): the same reads and the same access, spelled in the API's stable snake_case fields, with absolute
 * addresses and ISO dates.
 */
import type { z } from 'zod';
import type { ItemDetail, ItemSummary } from '../../../shared/items';
import { ROUTES } from '../../../shared/routes';
import { absoluteUrl } from '../../lib/site-url';
import type { CatalogueTag, TagCatalogue } from '../discovery';
import type { apiItem, apiItemSummary, apiTag, apiTaxonomy } from './schemas';

export type ApiItemSummary = z.output<typeof apiItemSummary>;
export type ApiItem = z.output<typeof apiItem>;

/** Builds the site's absolute addresses (APP_URL). */
export type SiteUrl = (path: string) => string;

export function siteUrlOf(appUrl: string): SiteUrl {
  return (path) => absoluteUrl(appUrl, path);
}

export function apiItemSummaryOf(card: ItemSummary, site: SiteUrl): ApiItemSummary {
  return {
    ref: card.ref,
    title: card.title,
    topic: card.topic,
    blurb: card.blurb,
    visibility: card.visibility_name.toLowerCase(),
    minimum_access_level: card.minimum_access_level,
    expired: card.expired,
    duration_minutes: card.minutes,
    image_url: card.image === null ? null : site(card.image),
    html_url: site(ROUTES.item.path({ ref: card.ref })),
    api_url: site(ROUTES.apiItem.path({ ref: card.ref })),
  };
}

/** The item page's detail for this viewer (every part already as the viewer may see it), with the record's dates. */
export function apiItemOf(detail: ItemDetail, updatedAt: Date, site: SiteUrl): ApiItem {
  return {
    ...apiItemSummaryOf(detail, site),
    authors: detail.authors,
    available_external_link: detail.available_external_link,
    initial_publication_year_month: detail.initial_publication_year_month,
    last_updated_year_month: detail.last_updated_year_month,
    expires_at: detail.expires_at,
    updated_at: updatedAt.toISOString(),
    maintainer:
      detail.created_by_user_ref !== null && detail.created_by_user_name !== null
        ? { ref: detail.created_by_user_ref, name: detail.created_by_user_name }
        : null,
    images: detail.all_images.map((image) => ({ ref: image.ref, url: site(image.url), thumbnail_url: site(image.public_thumbnail_large_url) })),
    tags: detail.tag_groups.flatMap((group) =>
      group.tags.map((tag) => ({
        ref: tag.ref,
        label: tag.label,
        full_label: tag.fullLabel,
        taxonomy: { ref: group.taxonomy.ref, title: group.taxonomy.title },
      })),
    ),
    characteristics: detail.characteristics.map(({ ref, title, format, value }) => ({ ref, title, format, value })),
    contents: detail.contents.map((content) => ({
      ref: content.ref,
      label: content.label,
      description: content.description,
      format: content.format,
      length_minutes: content.length_minutes,
      size_bytes: content.size_bytes,
      copyright: content.copyright,
      minimum_access_level: content.minimum_access_level,
      published: content.published,
      sample_of_ref: content.is_sample_of_ref,
      position: content.position,
      url: site(ROUTES.content.path({ ref: content.ref })),
    })),
    more_content_available: detail.more_content_available,
  };
}

const tagFieldsOf = (tag: CatalogueTag) => ({ ref: tag.ref, label: tag.label, full_label: tag.fullLabel, parent_ref: tag.parentRef });

/** Every tag of the taxonomies the viewer may see, taxonomy by taxonomy. */
export function apiTagsOf(catalogue: TagCatalogue): z.output<typeof apiTag>[] {
  return catalogue.taxonomies.flatMap((taxonomy) =>
    taxonomy.tags.map((tag) => ({ ...tagFieldsOf(tag), taxonomy: { ref: taxonomy.ref, title: taxonomy.title } })),
  );
}

export function apiTaxonomiesOf(catalogue: TagCatalogue): z.output<typeof apiTaxonomy>[] {
  return catalogue.taxonomies.map((taxonomy) => ({
    ref: taxonomy.ref,
    title: taxonomy.title,
    usage_note: taxonomy.usage_note,
    required: taxonomy.required,
    multiselect: taxonomy.multiselect,
    public: taxonomy.public,
    tags: taxonomy.tags.map(tagFieldsOf),
  }));
}

export function collectionLinks(ref: string, site: SiteUrl) {
  return { html_url: site(ROUTES.collection.path({ ref })), api_url: site(ROUTES.apiCollection.path({ ref })) };
}
