package demo

import "rehome/app"

// categoryNames are the demo's categories in each language the marketplace
// speaks besides English, so a marketplace started in German files its
// listings under German names, as its admin would have.
var categoryNames = map[app.Language]map[string]string{
	app.German: {
		"Sofas": "Sofas", "Beds": "Betten", "Tables": "Tische", "Chairs": "Stühle", "Wardrobes": "Kleiderschränke",
		"Lighting": "Lampen", "Kitchen": "Küche", "Décor": "Deko", "Appliances": "Haushaltsgeräte", "Outdoor": "Garten",
		"Kids": "Kinder", "Storage": "Regale",
	},
	app.French: {
		"Sofas": "Canapés", "Beds": "Lits", "Tables": "Tables", "Chairs": "Chaises", "Wardrobes": "Armoires",
		"Lighting": "Luminaires", "Kitchen": "Cuisine", "Décor": "Déco", "Appliances": "Électroménager",
		"Outdoor": "Jardin", "Kids": "Enfants", "Storage": "Rangement",
	},
}

// categoryIn is the demo category called name in English, in language l.
func categoryIn(l app.Language, name string) string {
	if translated, ok := categoryNames[l][name]; ok {
		return translated
	}
	return name
}
