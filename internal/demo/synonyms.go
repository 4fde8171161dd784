package demo

import "rehome/app"

// synonyms are the search's synonym groups the demo starts with, in the
// marketplace's language: words neighbours use for the same thing.
var synonyms = map[app.Language][][]string{
	app.English: {
		{"sofa", "couch", "settee"},
		{"wardrobe", "armoire", "closet"},
		{"cupboard", "cabinet"},
		{"dresser", "drawers"},
		{"rug", "carpet"},
		{"fridge", "refrigerator"},
		{"tv", "television"},
		{"pram", "stroller", "pushchair", "buggy"},
		{"lamp", "light"},
	},
	app.German: {
		{"sofa", "couch", "sitzgarnitur"},
		{"schrank", "kleiderschrank", "spind"},
		{"kommode", "sideboard", "anrichte"},
		{"teppich", "läufer"},
		{"kühlschrank", "kühlgerät"},
		{"fernseher", "tv", "fernsehgerät"},
		{"kinderwagen", "buggy", "sportwagen"},
		{"lampe", "leuchte"},
	},
	app.French: {
		{"canapé", "sofa", "divan"},
		{"armoire", "penderie"},
		{"commode", "chiffonnier"},
		{"tapis", "moquette"},
		{"frigo", "réfrigérateur"},
		{"télé", "télévision", "tv"},
		{"poussette", "landau"},
		{"lampe", "luminaire"},
	},
}
