package app

// Screen names a screen of the web app that the server links to, by its
// name in the web app's route table (pwa/src/lib/paths.ts); at which path
// it lives is that table's business.
type Screen string

const (
	ScreenProduct        Screen = "product"      // ID: the product
	ScreenConversation   Screen = "conversation" // ID: the conversation
	ScreenMyOrders       Screen = "myOrders"
	ScreenMyBuyers       Screen = "myBuyers"
	ScreenResetPassword  Screen = "resetPassword" // Token: the reset's
	ScreenForgotPassword Screen = "forgotPassword"
	ScreenConfirmEmail   Screen = "confirmEmail" // Token: the confirmation's
)

// Screens are every screen the server links to.
var Screens = []Screen{ScreenProduct, ScreenConversation, ScreenMyOrders, ScreenMyBuyers,
	ScreenResetPassword, ScreenForgotPassword, ScreenConfirmEmail}

// Link is where a mail or a phone notification takes its reader.
type Link struct {
	Screen Screen
	// ID fills the one parameter of a screen that shows one thing.
	ID int64
	// Token is a secret the screen is opened with.
	Token string
}

// Linker turns a link into the absolute address a mail shows.
type Linker func(Link) string
