import Testing

@Suite struct CollectionLayoutSmokeTests {}
