/**
 * @generated SignedSource<<a607825e43eeb488e9c0e0a931984bc0>>
 * @relayHash abf4fb134ac2a3def16873c8a84e6a9d
 * @lightSyntaxTransform
 */

/* tslint:disable */
/* eslint-disable */
// @ts-nocheck

// @relayRequestID 88af5d3d494c78d6acbe1784994735200d0b81d7e0e3a840f4b1adcdb714cb3f

import type { PreloadableConcreteRequest } from 'relay-runtime';
import type { AuthorPageQuery } from './AuthorPageQuery.graphql';

const node: PreloadableConcreteRequest<AuthorPageQuery> = {
  "kind": "PreloadableConcreteRequest",
  "params": {
    "id": "88af5d3d494c78d6acbe1784994735200d0b81d7e0e3a840f4b1adcdb714cb3f",
    "metadata": {},
    "name": "AuthorPageQuery",
    "operationKind": "query",
    "text": null
  }
};

export default node;
