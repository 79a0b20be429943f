/**
 * @generated SignedSource<<c4247d5a15d486e163335c43b50285a1>>
 * @relayHash acf166c6a3bd32d90e84f88a58ca05be
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 7cdce96e902017f507bfeab1b34cbbdecedc78eac95191c0f830418ff122f8fe

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { ArticleIndexPageQuery } from './ArticleIndexPageQuery.graphql';

const node: PreloadableConcreteRequest<ArticleIndexPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "7cdce96e902017f507bfeab1b34cbbdecedc78eac95191c0f830418ff122f8fe",
    "metadata": {},
    "name": "ArticleIndexPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
