// CollectionLayout: see Guides/.
