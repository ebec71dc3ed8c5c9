// PlistPreferences: see Guides/.
