/**
 * @generated SignedSource<<bf5c686d2bf676d1f0059d14c632ea3e>>
 * @relayHash cde570657d5a37eae8628f6e8f498e7b
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 53c61b6e001323f0d0dceedc1e239dfe0607f744432fbc8c2d09088bf9567219

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { ArticlePageQuery } from './ArticlePageQuery.graphql';

const node: PreloadableConcreteRequest<ArticlePageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "53c61b6e001323f0d0dceedc1e239dfe0607f744432fbc8c2d09088bf9567219",
    "metadata": {},
    "name": "ArticlePageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
